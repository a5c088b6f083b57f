import type { Request, Response } from 'express';
import { routeId } from '../../../kernel/http/respond';
import { renderPdf } from '../../../kernel/pdf';
import { storedImageDataUrl } from '../../../kernel/storage';
import { rowsOf } from '../../../kernel/db/sql';
import { pageFooter, pdfFileName, printHelpers, printTranslator, safeImage, sendPdf, tenantName } from '../../signing/document-pdf';
import { lockoutStorage } from '../core/lockout-storage';
import { requireSlip } from '../core/slip-access';
import { listChecks, listStaff, loadSlip } from './slip.service';

/** Largest photo printed (bytes): a bigger one is left out rather than slow the PDF. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/**
 * `GET /consignment/{id}/pdf` (consignment_pdf): the slip printed on A4: identity, the machine's
 * first photo and its isolation points with their checks, the staff with padlocks and signatures.
 */
export async function slipPdf(req: Request, res: Response): Promise<void> {
  const ref = await requireSlip(req, routeId(req));
  const db = req.ctx.db;
  const t = printTranslator(req.locale);
  const [slip, staff, checks] = await Promise.all([loadSlip(db, ref.tenantId, ref.id), listStaff(db, ref.tenantId, ref.id), listChecks(db, ref.tenantId, ref.id, ref.machineId)]);
  const [photo] = rowsOf<{ fileId: number; comment: string | null }>(await db.query(
    'SELECT file_id AS "fileId", comment FROM lockout_photo WHERE tenant_id = $1 AND machine_id = $2 ORDER BY id LIMIT 1', [ref.tenantId, ref.machineId]));
  const photoUrl = photo ? await storedImageDataUrl(db, lockoutStorage, ref.tenantId, photo.fileId, MAX_PHOTO_BYTES) : null;
  const pdf = await renderPdf({
    title: t('lockout.pdf.title', { number: slip!.number }), companyName: await tenantName(db, ref.tenantId),
    template: 'lockout/slips/pdf', footer: pageFooter(`${slip!.number} – ${slip!.machineCode}`),
    locals: {
      ...printHelpers(t), slip, checks, photo: photoUrl ? { url: photoUrl, comment: photo!.comment } : null,
      staff: staff.map((s) => ({ ...s, signatureImage: safeImage(s.signatureImage) })),
    },
  });
  sendPdf(res, pdf, pdfFileName(slip!.number));
}
