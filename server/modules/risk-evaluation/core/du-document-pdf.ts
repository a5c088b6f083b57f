import type { Db } from '../../../kernel/db/sql';
import { renderPdf } from '../../../kernel/pdf';
import { pageFooter, printHelpers, printTranslator, tenantName } from '../../signing/document-pdf';
import type { DuDocument } from './du-document';

/** The version a frozen PDF prints on its cover (absent for a plain export). */
export interface PrintedVersion { number: number; createdAt: Date }

/**
 * The unique risk document of an entity printed (A4): the legend of the nomenclatures (gravity,
 * probability, control, priority levels with their colours), then one table per work unit, most
 * critical first. A signed version freezes this very PDF (history/), with its number on the cover.
 */
export async function renderDuPdf(db: Db, tenantId: number, doc: DuDocument, opts: { locale?: string; version?: PrintedVersion } = {}): Promise<Buffer> {
  const t = printTranslator(opts.locale);
  const reference = opts.version ? t('du-history.pdf.reference_version', { entity: doc.entityName, number: opts.version.number }) : t('du-history.pdf.reference', { entity: doc.entityName });
  return renderPdf({
    title: t('du-history.pdf.title', { entity: doc.entityName }), companyName: await tenantName(db, tenantId),
    template: 'risk-evaluation/output/pdf', footer: pageFooter(reference),
    locals: { ...printHelpers(t), doc, version: opts.version ?? null },
  });
}
