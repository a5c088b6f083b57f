import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../../kernel/http/errors';
import { renderPdf } from '../../../kernel/pdf';
import { hierarchyLogoDataUrl } from '../../hierarchy/hierarchy-logo';
import { pageFooter, printHelpers as helpers, printTranslator, type PdfT as T } from '../../signing/document-pdf';
import { printCompanies, currentRound, loadPlanPrint, printSignatures } from './plan-pdf.data';
import { listParticipants } from './plan-inspection.service';
import { findPlan } from './prevention-plan.service';

type Db = DataSource | EntityManager;

/** Options of the printed documents. */
export interface PlanPdfOptions {
  /** Language of the labels; French (the legal language of the plan) by default. */
  locale?: string;
}

/** The number shown in the footer: `PDP-2026-0001`, with the amendment when there is one. */
function reference(t: T, pdpNumber: string, round: number): string {
  return round > 0 ? `${pdpNumber} – ${t('plan-pdf.amendment_n', { number: round })}` : pdpNumber;
}

/**
 * The plan printed as an A4 PDF: cover, every section, companies and staff, risk analysis,
 * documents, amendments and the signatures of the current round, "Page X / Y" in the footer.
 * The same plan state gives the same content (the page header carries the print date, as
 * every PDF of the application); callers that hash it hash the bytes they store, never a
 * second rendering. 404 for an unknown plan or another tenant's.
 */
export async function renderPlanPdf(db: Db, tenantId: number, planId: number, opts: PlanPdfOptions = {}): Promise<Buffer> {
  const t = printTranslator(opts.locale);
  const data = await loadPlanPrint(db, tenantId, planId, t);
  if (!data) throw new HttpError(404, 'errors.not_found.title');
  const title = t('plan-pdf.title', { number: data.plan.pdpNumber });
  return renderPdf({
    title, companyName: data.tenantName, logo: await hierarchyLogoDataUrl(db, tenantId, data.plan.hierarchyItemId), template: 'prevention-plan/output/plan',
    locals: { ...helpers(t), ...data }, footer: pageFooter(reference(t, data.plan.pdpNumber, data.round)),
  });
}

/**
 * The prior joint inspection report: date, time, meeting point, facilities, the companies,
 * the participants per company kind with their inspection signatures, and a blank table of
 * observations to fill in on site. 404 for an unknown plan or another tenant's.
 */
export async function renderWorkInspectionPdf(db: Db, tenantId: number, planId: number, opts: PlanPdfOptions = {}): Promise<Buffer> {
  const t = printTranslator(opts.locale);
  const plan = await findPlan(db, tenantId, planId);
  if (!plan) throw new HttpError(404, 'errors.not_found.title');
  const [tenant] = await db.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  const participants = await listParticipants(db, tenantId, planId);
  const signatures = await printSignatures(db, tenantId, planId, { kinds: ['inspection'] });
  const companies = await printCompanies(db, tenantId, planId);
  const round = await currentRound(db, tenantId, planId);
  // A participant signs as `inspection:<participant id>`; the latest signature of each is shown.
  const byParticipant = new Map<number, (typeof signatures)[number]>();
  for (const s of signatures) {
    const id = Number(/^inspection:(\d+)$/.exec(s.signerKey)?.[1]);
    if (id) byParticipant.set(id, s);
  }
  const groups = (['user', 'outside', 'subcontractor'] as const).map((kind) => ({
    kind, participants: participants.filter((p) => p.kind === kind).map((p) => ({ ...p, signature: byParticipant.get(p.id) ?? null })),
  }));
  const matched = new Set([...byParticipant.values()].map((s) => s.id));
  return renderPdf({
    title: t('plan-pdf.inspection.title', { number: plan.pdpNumber }), companyName: tenant?.name ?? 'Vigie',
    logo: await hierarchyLogoDataUrl(db, tenantId, plan.hierarchyItemId),
    template: 'prevention-plan/output/work-inspection',
    locals: { ...helpers(t), plan, companies, groups, others: signatures.filter((s) => !matched.has(s.id)), blankRows: 10 },
    footer: pageFooter(reference(t, plan.pdpNumber, round)),
  });
}
