import type { Request, Response } from 'express';
import { todayIso } from '../../kernel/clock';
import { HttpError } from '../../kernel/http/errors';
import type { RouteDef } from '../../kernel/http/route-table';
import type { Db } from '../../kernel/db/sql';
import { renderPdf } from '../../kernel/pdf';
import { hierarchyLogoDataUrl } from '../hierarchy/hierarchy-logo';
import { pageFooter, pdfFileName, printedSignatures, printHelpers, printTranslator, sendPdf, tenantName, type PdfT } from '../signing/document-pdf';
import { resolvePpsps } from './ppsps-access';
import { listPpspsCompanies } from './ppsps-company.service';
import { ppspsDueDate, ppspsDueState } from './ppsps-due';
import { findPpsps } from './ppsps.service';
import { PPSPS_SIGNING } from './ppsps.signing';

/** The number in the footer, with the amendment when there is one. */
const reference = (t: PdfT, number: string, round: number) => (round > 0 ? `PPSPS ${number} – ${t('ppsps.pdf.amendment_n', { number: round })}` : `PPSPS ${number}`);

/**
 * The PPSPS printed as an A4 PDF: cover, presentation, organisation, safety, joint inspection
 * (with its signatures), description, designation, due date, companies with address and
 * contact, the signatures of the current round, "Page X / Y" in the footer. 404 for an unknown
 * PPSPS or another tenant's.
 */
export async function renderPpspsPdf(db: Db, tenantId: number, id: number, opts: { locale?: string } = {}): Promise<Buffer> {
  const t = printTranslator(opts.locale);
  const ppsps = await findPpsps(db, tenantId, id);
  if (!ppsps) throw new HttpError(404, 'errors.not_found.title');
  const companies = await listPpspsCompanies(db, tenantId, id);
  const signatures = await printedSignatures(db, PPSPS_SIGNING, tenantId, id, {
    kindLabel: (k) => t(`ppsps.kinds.${k}`), internalLabel: t('ppsps.pdf.signature_kinds.internal'), internalName: ppsps.correspondentName,
    inspectionLabel: t('ppsps.pdf.signature_kinds.inspection'), otherLabel: t('ppsps.pdf.signature_kinds.other'),
  });
  return renderPdf({
    title: t('ppsps.pdf.title', { number: ppsps.number }), companyName: await tenantName(db, tenantId),
    logo: await hierarchyLogoDataUrl(db, tenantId, ppsps.hierarchyItemId),
    template: 'ppsps/pdf', footer: pageFooter(reference(t, ppsps.number, signatures.round)),
    locals: {
      ...printHelpers(t), ppsps, companies, signatures: signatures.rows, inspectionSignatures: signatures.inspection, round: signatures.round,
      dueDate: ppspsDueDate(ppsps), dueState: ppspsDueState(ppsps, todayIso()),
    },
  });
}

/** `GET /ppsps/{id}/pdf` (ppsps_pdf): the PPSPS printed, for whoever may see it. */
export async function ppspsPdf(req: Request, res: Response): Promise<void> {
  const { ppsps } = await resolvePpsps(req, req.routeParams.id, 'view');
  const pdf = await renderPpspsPdf(req.ctx.db, ppsps.tenantId, ppsps.id, { locale: req.locale });
  sendPdf(res, pdf, pdfFileName(`PPSPS ${ppsps.number}`));
}

/** The printed PPSPS: whoever sees the PPSPS may have it (`resolvePpsps(req, id, 'view')`). */
export const PPSPS_PDF_ROUTES: RouteDef[] = [
  { name: 'ppsps_pdf', method: 'GET', path: '/ppsps/{id}/pdf', right: 'ppsps.view', heavy: 'pdf', handler: ppspsPdf },
];
