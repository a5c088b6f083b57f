import type { Request, Response } from 'express';
import type { Db } from '../../kernel/db/sql';
import { HttpError } from '../../kernel/http/errors';
import { renderPdf } from '../../kernel/pdf';
import { hierarchyLogoDataUrl } from '../hierarchy/hierarchy-logo';
import { pageFooter, pdfFileName, printHelpers, printTranslator, safeImage, sendPdf, tenantName } from '../signing/document-pdf';
import { loadResponses, loadQuestionnaire, listSurveys, questionsOf } from '../questionnaire/questionnaire.service';
import type { QuestionnaireQuestion } from '../questionnaire/questionnaire.types';

/** An answer as printed: the picked answers' labels, the typed text, a tick for a file or a signature. */
function answerText(q: QuestionnaireQuestion, value: unknown): string {
  if (q.answers.length) {
    const ids = [value].flat().map(Number);
    return q.answers.filter((a) => ids.includes(a.id)).map((a) => a.label).join(', ');
  }
  if (value && typeof value === 'object') return '✓';
  const text = String(value ?? '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text;
}
import { zonesFigure } from '../zone-map/zone-svg';
import { resolveWorkOrder } from './work-order.access';
import { WORK_ORDER_SURVEY_TYPE } from './work-order-checklists';
import { listSignatures } from './work-order-signatures';
import { findWorkOrder, WORK_ORDER_SUBJECT } from './work-order.service';
import { workOrderChecks } from './work-order-checks';

/**
 * The work order printed as an A4 PDF: its fields (its machine among them), its plan, the zones drawn over the sector
 * plan (SVG made on the server), the checklists answered and every signature.
 */
export async function renderWorkOrderPdf(db: Db, tenantId: number, id: number, opts: { locale?: string } = {}): Promise<Buffer> {
  const t = printTranslator(opts.locale);
  const wo = await findWorkOrder(db, tenantId, id);
  if (!wo) throw new HttpError(404, 'errors.not_found.title');
  const signatures = (await listSignatures(db, tenantId, id)).map((s) => ({ ...s, image: safeImage(s.image) }));
  const values = await loadResponses(db, tenantId, WORK_ORDER_SUBJECT, id);
  const checklists: Array<{ name: string; rows: Array<[string, string]> }> = [];
  for (const s of await listSurveys(db, tenantId, WORK_ORDER_SURVEY_TYPE)) {
    const tree = await loadQuestionnaire(db, tenantId, s.id);
    const rows = tree ? questionsOf(tree).filter((q) => values[q.id] !== undefined).map((q): [string, string] => [q.label, answerText(q, values[q.id])]) : [];
    if (tree && rows.length) checklists.push({ name: tree.name, rows });
  }
  const machine = wo.machineId == null ? null : (await workOrderChecks.machineChoices(db, tenantId))?.find((m) => m.id === wo.machineId) ?? null;
  return renderPdf({
    title: t('work-order.pdf.title', { number: wo.number }), companyName: await tenantName(db, tenantId),
    // The work order prints its plan's logo (the plan's site, else its company).
    logo: await hierarchyLogoDataUrl(db, tenantId, (await db.query('SELECT hierarchy_item_id AS id FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [wo.planId, tenantId]))[0]?.id ?? null),
    template: 'work-order/pdf', footer: pageFooter(`${wo.number} – ${wo.pdpNumber}`),
    locals: { ...printHelpers(t), wo, machineLabel: machine?.label ?? null, signatures, checklists, values, figure: await zonesFigure(db, tenantId, 'work_order', id) },
  });
}

/** `GET /work-order/{id}/pdf` (work_order_pdf): the printed work order, for whoever sees it. */
export async function workOrderPdf(req: Request, res: Response): Promise<void> {
  const { wo } = await resolveWorkOrder(req, req.routeParams.id);
  sendPdf(res, await renderWorkOrderPdf(req.ctx.db, wo.tenantId, wo.id, { locale: req.locale }), pdfFileName(wo.number));
}
