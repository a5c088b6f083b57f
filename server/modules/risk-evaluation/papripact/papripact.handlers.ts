import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { renderPdf } from '../../../kernel/pdf';
import { can } from '../../../kernel/rights/registry';
import { pageFooter, printHelpers, printTranslator, sendPdf, tenantName } from '../../signing/document-pdf';
import { safeSlug } from '../../../kernel/storage';
import { requireDuEntity, type DuEntity } from '../core/du-entity-access';
import { listLevels, type PriorityLevel } from '../core/du-lists.service';
import { entityChoices } from '../core/du-places.service';
import { itemInScope, loadDuScope } from '../core/du-scope';
import { LINE_FORM, lineSchema, programmeQuery } from './papripact.schema';
import { actionEntity, loadProgramme, papripactDue, saveLine, uncoveredEvaluations, type PapripactLine } from './papripact.service';

/** 404 unless the company has the staff for which the PAPRIPACT is due (50 active employees). */
async function requireDue(req: Request): Promise<void> {
  if (!(await papripactDue(req.ctx.db, tenantOf(req)))) orNotFound(null);
}

/** No level chosen: every line (priority risks are products of valuations, never negative). */
const NO_MINIMUM = -1;
const currentYear = () => Number(todayIso().slice(0, 4));

/** The programme's filters as read: the level chosen (none: every line), its minimum, the year. */
interface Chosen { levels: PriorityLevel[]; level: PriorityLevel | null; minValue: number; year: number }

async function chosen(req: Request): Promise<Chosen & { item: number | null }> {
  const q = programmeQuery.parse(req.query);
  const levels = await listLevels(req.ctx.db, tenantOf(req));
  const level = levels.find((l) => l.id === q.level) ?? null;
  return { item: q.item, levels, level, minValue: level ? level.minValue : NO_MINIMUM, year: q.year ?? currentYear() };
}

async function programmeOf(req: Request, entity: DuEntity, c: Chosen): Promise<PapripactLine[]> {
  return loadProgramme(req.ctx.db, tenantOf(req), { itemId: entity.id, year: c.year, minValue: c.minValue });
}

/** The action plan's source of an evaluation's actions (the actions part's, read here as the programme's query does). */
const EVALUATION_SOURCE = 'risk_evaluation';

/** True when the user may add an action through the action plan's quick add (route there, module on, right). */
function canAddMeasure(req: Request, res: Response): boolean {
  return req.ctx.routes.has('action_plan_quick_add') && res.locals.toggles?.module_action_plan !== false && can(req.authUser!, 'action.add');
}

/**
 * `GET /unique-document/papripact?item=&year=&level=` (risk_evaluation_papripact): the yearly
 * prevention programme of an entity, and its evaluations without a measure in it yet (a measure is
 * added as an action of the evaluation, through the action plan's quick add); 404 below 50 employees.
 */
export async function papripactPage(req: Request, res: Response): Promise<void> {
  await requireDue(req);
  const c = await chosen(req);
  const entity = c.item ? await requireDuEntity(req, c.item) : null;
  const entities = await entityChoices(req.ctx.db, tenantOf(req), await loadDuScope(req.ctx.db, req.authUser!));
  const addMeasure = !!entity && canAddMeasure(req, res);
  await renderScreen(req, res, 'risk-evaluation/papripact/index', {
    title: req.t('du-papripact.title'), hideTitle: true, entity, entities, levels: c.levels, level: c.level, year: c.year,
    lines: entity ? await programmeOf(req, entity, c) : [], canEdit: can(req.authUser!, 'unique_document.edit'),
    uncovered: entity && addMeasure ? await uncoveredEvaluations(req.ctx.db, tenantOf(req), { itemId: entity.id, year: c.year, minValue: c.minValue }) : [],
    sourceType: EVALUATION_SOURCE,
  });
}

/** `GET /unique-document/papripact/pdf?item=&year=&level=` (risk_evaluation_papripact_pdf): the programme printed. */
export async function papripactPdf(req: Request, res: Response): Promise<void> {
  await requireDue(req);
  const c = await chosen(req);
  const entity = await requireDuEntity(req, c.item);
  const lines = await programmeOf(req, entity, c);
  const t = printTranslator(req.locale);
  const tenantId = tenantOf(req);
  const pdf = await renderPdf({
    title: t('du-papripact.pdf.title', { entity: entity.name, year: c.year }), companyName: await tenantName(req.ctx.db, tenantId),
    template: 'risk-evaluation/papripact/pdf', footer: pageFooter(t('du-papripact.pdf.reference', { entity: entity.name, year: c.year })),
    locals: { ...printHelpers(t), entity, year: c.year, level: c.level, lines },
  });
  sendPdf(res, pdf, `papripact-${safeSlug(entity.name, 60) || entity.id}-${c.year}.pdf`);
}

async function lineForm(req: Request, res: Response, line: PapripactLine, year: number, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/papripact/_line_form', { title: req.t('du-papripact.edit_title'), line, year, values, errors });
}

/**
 * `GET|POST /unique-document/papripact/lines/{id}?year=` (risk_evaluation_papripact_line_edit): the
 * conditions, indicator and cost of an action in the year's programme (modal, optimistic lock).
 */
export async function papripactLineEdit(req: Request, res: Response): Promise<void> {
  await requireDue(req);
  const tenantId = tenantOf(req);
  const actionId = routeId(req);
  const itemId = orNotFound(await actionEntity(req.ctx.db, tenantId, actionId));
  if (!itemInScope(await loadDuScope(req.ctx.db, req.authUser!), itemId)) orNotFound(null);
  const year = programmeQuery.parse(req.query).year ?? currentYear();
  const line = orNotFound((await loadProgramme(req.ctx.db, tenantId, { itemId, year, minValue: NO_MINIMUM }, actionId))[0]);
  if (req.method === 'GET') return lineForm(req, res, line, year, { conditions: line.conditions, indicator: line.indicator, cost: line.cost?.replace('.', ','), version: line.version });
  const form = parseForm(lineSchema, req.body, LINE_FORM);
  if (!form.ok) return lineForm(req, res, line, year, form.values, form.errors);
  if (!(await saveLine(req.ctx.db, tenantId, actionId, year, form.data))) return stale(req, res);
  saved(req, res, 'du-papripact.flash.saved');
}
