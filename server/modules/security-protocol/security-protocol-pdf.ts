import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import type { RouteDef } from '../../kernel/http/route-table';
import { loadConfig } from '../../kernel/config';
import type { Db } from '../../kernel/db/sql';
import { renderPdf } from '../../kernel/pdf';
import { hierarchyLogoDataUrl } from '../hierarchy/hierarchy-logo';
import { createStorage, storedImageDataUrl } from '../../kernel/storage';
import { pageFooter, pdfFileName, printedSignatures, printHelpers, printTranslator, sendPdf, tenantName, type PdfT } from '../signing/document-pdf';
import { resolveProtocol } from './security-protocol.access';
import { listProtocolCompanies } from './security-protocol-company.service';
import { findProtocol } from './security-protocol.service';
import { PDS_SIGNING } from './security-protocol.signing';

const storage = createStorage(loadConfig());
/** Images of handling equipment larger than this are left out of the PDF. */
const MAX_IMAGE_BYTES = 1024 * 1024;

/** The number in the footer, with the amendment when there is one. */
const reference = (t: PdfT, number: string, round: number) => (round > 0 ? `${number} – ${t('security-protocol.pdf.amendment_n', { number: round })}` : number);

/**
 * The security protocol printed as an A4 PDF: cover, operation, loading / unloading (packagings,
 * vehicles, handling equipment), description, designation, companies with address and contact,
 * the signatures of the current round, "Page X / Y" in the footer. 404 for an unknown protocol
 * or another tenant's.
 */
export async function renderProtocolPdf(db: Db, tenantId: number, id: number, opts: { locale?: string } = {}): Promise<Buffer> {
  const t = printTranslator(opts.locale);
  const protocol = await findProtocol(db, tenantId, id);
  if (!protocol) throw new HttpError(404, 'errors.not_found.title');
  const companies = await listProtocolCompanies(db, tenantId, id);
  const equipment = [];
  for (const e of protocol.equipment) equipment.push({ ...e, image: await storedImageDataUrl(db, storage, tenantId, e.imageFileId, MAX_IMAGE_BYTES) });
  const signatures = await printedSignatures(db, PDS_SIGNING, tenantId, id, {
    kindLabel: (k) => t(`security-protocol.kinds.${k}`), internalLabel: t('security-protocol.signatures.internal'), internalName: protocol.responsibleName,
    inspectionLabel: t('security-protocol.pdf.signature_kinds.inspection'), otherLabel: t('security-protocol.pdf.signature_kinds.other'),
  });
  return renderPdf({
    title: t('security-protocol.pdf.title', { number: protocol.pdsNumber }), companyName: await tenantName(db, tenantId),
    logo: await hierarchyLogoDataUrl(db, tenantId, protocol.hierarchyItemId),
    template: 'security-protocol/pdf', footer: pageFooter(reference(t, protocol.pdsNumber, signatures.round)),
    locals: { ...printHelpers(t), protocol, companies, equipment, signatures: [...signatures.rows, ...signatures.inspection], round: signatures.round },
  });
}

/** `GET /security-protocol/{id}/pdf` (pds_pdf): the protocol printed, for whoever may see it. */
export async function protocolPdf(req: Request, res: Response): Promise<void> {
  const { protocol } = await resolveProtocol(req, req.routeParams.id, 'view');
  const pdf = await renderProtocolPdf(req.ctx.db, protocol.tenantId, protocol.id, { locale: req.locale });
  sendPdf(res, pdf, pdfFileName(protocol.pdsNumber));
}

/** The printed protocol: whoever sees the protocol may have it (`resolveProtocol(req, id, 'view')`). */
export const PROTOCOL_PDF_ROUTES: RouteDef[] = [
  { name: 'pds_pdf', method: 'GET', path: '/security-protocol/{id}/pdf', right: 'pds.view', heavy: 'pdf', handler: protocolPdf },
];
