import type { Request, Response } from 'express';
import { clock } from '../../../kernel/clock';
import { contentDisposition } from '../../../kernel/storage';
import { storage } from '../../plan-document/plan-document.uploads';
import { requirePlan } from '../core/plan-access';
import { renderPlanPdf } from '../core/plan-pdf.service';
import { planZipFiles } from './plan-zip.service';
import { ZipWriter, zipSegment } from './plan-zip.writer';

/**
 * `GET /prevention-plan/{id}/zip` (pdp_zip): the plan's PDF and the current files of its
 * documents, its companies' and its staff's, in one archive streamed file by file (each read from
 * the store only when its turn comes). Everything
 * that can fail (the PDF, the list) is done before the first byte is sent.
 */
export async function planZip(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, req.routeParams.id, 'view');
  const pdf = await renderPlanPdf(req.ctx.db, plan.tenantId, plan.id, { locale: req.locale });
  const files = await planZipFiles(req.ctx.db, plan.tenantId, plan.id, req.t);
  const base = zipSegment(plan.pdpNumber);
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', contentDisposition(`${base}.zip`));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  const zip = new ZipWriter(res, clock.now());
  try {
    zip.add(`${base}.pdf`, pdf);
    for (const f of files) {
      // A file missing from the storage leaves the others in the archive.
      if (!(await storage.exists(f.storageKey))) {
        console.error(`[prevention-plan] zip : fichier absent du stockage ${f.storageKey}`);
        continue;
      }
      zip.add(f.path, () => storage.get(f.storageKey));
    }
    await zip.finish();
    res.end();
  } catch (err) {
    // The headers are gone: a broken archive is all the client can get.
    console.error('[prevention-plan] zip', err);
    res.destroy(err as Error);
  }
}
