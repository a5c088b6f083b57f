import type { Request, Response } from 'express';
import { z } from 'zod';
import { HttpError } from '../../../kernel/http/errors';
import { addFlash } from '../../../kernel/http/flash';
import { idList } from '../../../kernel/http/fields';
import { tenantOf } from '../../../kernel/http/respond';
import { absoluteUrl } from '../../../kernel/http/urls';
import { renderPdf } from '../../../kernel/pdf';
import { printHelpers, printTranslator, sendPdf, tenantName } from '../../signing/document-pdf';
import { loadLabelRows, qrSvg } from './labels.service';

/** At most this many labels per sheet request (the multi-select bound). */
export const MAX_LABELS = 200;

const idsOf = z.object({ ids: idList({ max: MAX_LABELS }), id: idList({ max: 1 }) });

/** The ids asked for: `?id=` (one equipment, from its page) or `ids[]` posted by the list's selection; none: an empty list. */
function askedIds(req: Request): number[] {
  const source = req.method === 'POST' ? req.body : req.query;
  const parsed = idsOf.safeParse(source && typeof source === 'object' ? source : {});
  if (!parsed.success) throw new HttpError(400, 'vgp-book.labels.too_many', { max: MAX_LABELS });
  const ids = [...new Set([...parsed.data.id, ...parsed.data.ids])];
  return ids;
}

/**
 * `GET /equipment/labels?id=` and `POST /equipment/labels` (`ids[]`) (vgp_equipment_labels): an A4
 * sheet of QR labels, eight a page, one per equipment: name, internal and serial numbers, last
 * control, next deadline, and the QR code of the equipment page's absolute URL. Every equipment
 * must be visible to the user (404 otherwise).
 */
export async function equipmentLabels(req: Request, res: Response): Promise<void> {
  const ids = askedIds(req);
  if (!ids.length) {
    // Nothing chosen (the address typed, or the page's form emptied): back to the list, where labels are chosen.
    addFlash(req, 'warning', 'vgp-book.labels.none_selected');
    res.redirect(303, req.ctx.routes.path('vgp_index'));
    return;
  }
  const rows = await loadLabelRows(req.ctx.db, req.authUser!, ids);
  if (rows.length !== ids.length) throw new HttpError(404, 'equipment.not_found');
  const labels = [];
  for (const r of rows) {
    const url = absoluteUrl('vgp_equipment_show', { id: r.id });
    labels.push({ ...r, url, qr: await qrSvg(url) });
  }
  const t = printTranslator(req.locale);
  const pdf = await renderPdf({
    title: t('vgp-book.labels.title'), companyName: await tenantName(req.ctx.db, tenantOf(req)), layout: false, header: '<span></span>', footer: '<span></span>',
    template: 'equipment/labels/pdf', locals: { ...printHelpers(t), labels },
  });
  sendPdf(res, pdf, rows.length === 1 ? `etiquette-${rows[0].id}.pdf` : 'etiquettes.pdf');
}
