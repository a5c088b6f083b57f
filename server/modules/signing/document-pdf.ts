import type { Response } from 'express';
import { formatDate, formatDateTime } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { escapeHtml } from '../../kernel/pdf';
import { contentDisposition } from '../../kernel/storage';
import { signatureStatus, type SignatureView } from './signers.service';
import type { SigningSubject } from './signing-subject';

/**
 * What the printed safety documents (plan, protocol, PPSPS) share: the page footer with the
 * document's reference and "Page X / Y", the helpers of the print templates, the signatures of
 * the current round as a printed table reads them and the HTTP answer. The partials they share
 * are in `views/pdf/` (`_style`, `_rows`, `_company`, `_signatures`).
 */

/** The translator of a print template. */
export type PdfT = (key: string, options?: Record<string, unknown>) => string;

/** The translator of a printed document; French (the legal language of these documents) by default. */
export function printTranslator(locale?: string): PdfT {
  return translator(locale ?? 'fr') as unknown as PdfT;
}

const BAND = 'font-family: "DejaVu Sans", Arial, sans-serif; font-size: 8px; color: #52606d; width: 100%; padding: 0 12mm; display: flex; justify-content: space-between;';

/** Footer of every page: the document's reference on the left, `Page X / Y` on the right. */
export function pageFooter(reference: string): string {
  return `<div style='${BAND}'><span>${escapeHtml(reference)}</span><span>Page <span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;
}

/** Helpers every print template reads. */
export function printHelpers(t: PdfT) {
  const yn = (b: boolean | null | undefined) => (b === true ? t('list.yes') : b === false ? t('list.no') : '');
  return { t, formatDate, formatDateTime, yn };
}

/** A PNG / JPEG data URL as Chromium may show it, anything else dropped. */
export function safeImage(image: string | null | undefined): string | null {
  return image && /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/.test(image) ? image : null;
}

/** The tenant's name, shown in the page header. */
export async function tenantName(db: Db, tenantId: number): Promise<string> {
  const [row] = rowsOf<{ name: string }>(await db.query('SELECT name FROM tenant WHERE id = $1', [tenantId]));
  return row?.name ?? 'Vigie';
}

/** A line of the printed signatures table (`views/pdf/_signatures.ejs`); `signedAt` null: still waited for. */
export interface PrintSignatureRow {
  kindLabel: string;
  companyName: string | null;
  signerName: string;
  signedAt: Date | null;
  image: string | null;
}

/** The signatures of a document's current round, as its PDF prints them. */
export interface PrintedSignatures {
  round: number;
  /** Required companies (signed or waited for), the internal signature, then any other live signature. */
  rows: PrintSignatureRow[];
  /** The joint-inspection signatures of the round, apart (they are printed with the inspection). */
  inspection: PrintSignatureRow[];
}

const row = (kindLabel: string, companyName: string | null, fallbackName: string, s: SignatureView | null): PrintSignatureRow => ({
  kindLabel, companyName, signerName: s?.signerName ?? fallbackName, signedAt: s?.signedAt ?? null, image: safeImage(s?.image),
});

/**
 * The current round's signatures of a document described by `subject` (`signatureStatus`): each
 * company that must sign (its signature or an empty line), the internal signer, then the other
 * signatures of the round; `kindLabel` names a company kind, `labels` the other lines.
 */
export async function printedSignatures(
  db: Db, subject: SigningSubject, tenantId: number, id: number,
  o: { kindLabel: (kind: string) => string; internalLabel: string; internalName: string | null; inspectionLabel: string; otherLabel: string },
): Promise<PrintedSignatures> {
  const status = await signatureStatus(db, subject, tenantId, id);
  const used = new Set<number>();
  const rows = status.companies.map((c) => {
    if (c.signature) used.add(c.signature.id);
    return row(o.kindLabel(c.kind), c.name, c.contactName || '', c.signature);
  });
  if (status.internal) used.add(status.internal.id);
  rows.push(row(o.internalLabel, null, o.internalName ?? '', status.internal));
  const inspection: PrintSignatureRow[] = [];
  for (const s of status.signatures) {
    if (used.has(s.id) || (s.kind === 'internal')) continue;
    if (s.kind === 'inspection') inspection.push(row(o.inspectionLabel, null, '', s));
    else rows.push(row(o.otherLabel, null, '', s));
  }
  return { round: status.round, rows, inspection };
}

/** Sends a generated PDF, shown in the browser (the user prints or saves it from there). */
export function sendPdf(res: Response, pdf: Buffer, fileName: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('Content-Disposition', contentDisposition(fileName, true));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(pdf);
}

/** A document number as a file name: no path separators nor control characters. */
export function pdfFileName(number: string): string {
  // Control characters are the point of this pattern: they must not reach a file name.
  // oxlint-disable-next-line no-control-regex
  const safe = number.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim();
  return `${safe || 'document'}.pdf`;
}
