import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, removedWith, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { parseFrenchDate } from '../../../kernel/i18n/format';
import { can } from '../../../kernel/rights/registry';
import { employeeOptions, requireEmployee } from '../employee-access';
import { ACCIDENT_SEVERITIES, WORK_INTERRUPTION_TYPES } from '../work-interruption.entity';
import { isoToFrench } from './health-dates';
import { interruptionFilterSchema, workInterruptionSchema } from './health.schema';
import { listAccidentTypes } from './health-types.service';
import {
  createAnalysis, findWorkInterruption, freeAnalyses, isAccidentKind, linkAnalysis, listWorkInterruptions, removeWorkInterruption,
  saveWorkInterruption, type WorkInterruptionRow,
} from './work-interruption.service';
import { recordId } from './health-http';

const positive = (v: unknown): number | null => { const n = Number(v); return Number.isSafeInteger(n) && n > 0 ? n : null; };
const isoOrNull = (v: unknown): string | null => { const d = typeof v === 'string' ? parseFrenchDate(v) : null; return d ? d.toISOString().slice(0, 10) : null; };

/** `GET /rh/work-interruptions` (rh_work_interruption_index): list with filters type, period, employee. */
export async function interruptionIndex(req: Request, res: Response): Promise<void> {
  const db = req.ctx.db;
  const { type, from, to, employee } = interruptionFilterSchema.parse(req.query);
  const raw = { from, to };
  const f = { type, from: isoOrNull(raw.from), to: isoOrNull(raw.to), employee };
  const page = pageRequest(req);
  const { rows, total } = await listWorkInterruptions(db, req.authUser!, f, page);
  await renderScreen(req, res, 'hr/health/interruption_index', {
    hideTitle: true, title: req.t('hr-health.interruptions.title'), rows, f, raw: { from: f.from ? raw.from : '', to: f.to ? raw.to : '' },
    types: WORK_INTERRUPTION_TYPES, employees: await employeeOptions(db, req.authUser!, { includeGone: true }), pager: buildPager(req, page, total),
    filtered: !!(f.type || f.from || f.to || f.employee),
  });
}

/** What the form's selects offer; a record keeps its accident type even once that type is in the trash. */
async function formChoices(req: Request, current: WorkInterruptionRow | null = null) {
  const accidentTypes: Array<{ id: number; name: string }> = await listAccidentTypes(req.ctx.db, tenantOf(req));
  if (current?.accidentTypeId && !accidentTypes.some((a) => a.id === current.accidentTypeId)) accidentTypes.push({ id: current.accidentTypeId, name: current.accidentTypeName ?? '' });
  return {
    employees: await employeeOptions(req.ctx.db, req.authUser!, { includeGone: true }),
    accidentTypes, types: WORK_INTERRUPTION_TYPES, severities: ACCIDENT_SEVERITIES,
  };
}

async function interruptionForm(req: Request, res: Response, current: WorkInterruptionRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const id = current?.id ?? null;
  await renderScreen(req, res, 'hr/health/_interruption_form', {
    title: req.t(id ? 'hr-health.interruptions.edit' : 'hr-health.interruptions.add'), id, values, errors, ...(await formChoices(req, current)),
  });
}

/** The form's values of a recorded row (dates DD/MM/YYYY). */
function formValues(r: WorkInterruptionRow): Record<string, unknown> {
  return {
    employee: r.employeeId, workInterruptionType: r.type, accidentDate: isoToFrench(r.accidentDate), interruptionStartDate: isoToFrench(r.interruptionStartDate),
    interruptionEndDate: isoToFrench(r.interruptionEndDate), severity: r.severity ?? '', substitutePosition: r.substitutePosition ?? '',
    accidentType: r.accidentTypeId ?? '', comment: r.comment ?? '', cause: r.cause ?? '', version: r.version,
  };
}

async function save(req: Request, res: Response, current: WorkInterruptionRow | null): Promise<void> {
  const form = parseForm(workInterruptionSchema, req.body, 'work_interruption');
  if (!form.ok) return interruptionForm(req, res, current, form.values, form.errors);
  const result = await saveWorkInterruption(req.ctx.db, req.authUser!, current?.id ?? null, form.data);
  if (result.ok) return saved(req, res, 'hr-health.flash.interruption_saved');
  if ('stale' in result) return stale(req, res);
  if ('notFound' in result) throw new HttpError(404, 'errors.not_found.title');
  return interruptionForm(req, res, current, form.values, result.errors);
}

/** `GET|POST /rh/work-interruptions/new?employee=&type=` (rh_work_interruption_add). */
export async function interruptionAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return save(req, res, null);
  const employee = positive(req.query.employee);
  if (employee) await requireEmployee(req, employee);
  const type = (WORK_INTERRUPTION_TYPES as readonly string[]).includes(String(req.query.type)) ? String(req.query.type) : 'WORK_ACCIDENT';
  await interruptionForm(req, res, null, { employee: employee ?? '', workInterruptionType: type, version: 0 });
}

/** `GET|POST /rh/work-interruptions/{id}/edit` (rh_work_interruption_edit). */
export async function interruptionEdit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findWorkInterruption(req.ctx.db, req.authUser!, recordId(req)));
  if (req.method === 'POST') return save(req, res, row);
  await interruptionForm(req, res, row, formValues(row));
}

/**
 * `POST /rh/work-interruptions/form-fields` (rh_work_interruption_form_fields): the fields that
 * depend on the type, drawn again for the type just picked (`[data-refresh-url]` block), with
 * what was typed kept and the required marks of that type.
 */
export async function interruptionFormFields(req: Request, res: Response): Promise<void> {
  const raw = (req.body?.work_interruption ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const k of ['workInterruptionType', 'accidentDate', 'interruptionStartDate', 'interruptionEndDate', 'severity', 'substitutePosition', 'accidentType', 'cause', 'comment']) {
    values[k] = typeof raw[k] === 'string' ? raw[k] : '';
  }
  if (!(WORK_INTERRUPTION_TYPES as readonly string[]).includes(String(values.workInterruptionType))) values.workInterruptionType = 'WORK_ACCIDENT';
  const html = await renderView(res, 'hr/health/_interruption_fields', { values, errors: {}, ...(await formChoices(req)) });
  res.status(200).type('html').send(html);
}

/** `GET /rh/work-interruptions/{id}` (rh_work_interruption_show): the record and its accident analysis. */
export async function interruptionShow(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findWorkInterruption(req.ctx.db, req.authUser!, recordId(req)));
  const mayAnalyse = row.type === 'WORK_ACCIDENT' && !row.eventId;
  await renderScreen(req, res, 'hr/health/interruption_show', {
    title: req.t('hr-health.interruptions.show', { name: row.employeeName }), row, isAccident: isAccidentKind(row.type),
    mayAnalyse, mayCreateEvent: can(req.authUser, 'event.add'), analyses: mayAnalyse ? await freeAnalyses(req.ctx.db, tenantOf(req)) : [],
  });
}

/** `POST /rh/work-interruptions/{id}/delete` (rh_work_interruption_delete): to the trash, refused with an analysis. */
export async function interruptionDelete(req: Request, res: Response): Promise<void> {
  const result = await removeWorkInterruption(req.ctx.db, req.authUser!, recordId(req));
  if (result === 'not_found') throw new HttpError(404, 'errors.not_found.title');
  if (result === 'has_analysis') {
    res.status(409).json({ message: req.t('hr-health.interruptions.delete_has_analysis') });
    return;
  }
  removedWith(req, res, 'hr-health.flash.trashed');
}

/**
 * `POST /rh/work-interruptions/{id}/analysis` (rh_work_interruption_analysis): `analysis[event]`
 * empty creates the accident analysis (a draft event of kind `at`, needs `event.add`) and opens
 * it; an event id links that existing analysis. 201 done, 409 refused (French reason), 403.
 */
export async function interruptionAnalysis(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findWorkInterruption(req.ctx.db, req.authUser!, recordId(req)));
  const raw = (req.body?.analysis ?? {}) as Record<string, unknown>;
  const eventId = positive(raw.event);
  const user = req.authUser!;
  if (eventId === null && !can(user, 'event.add')) {
    res.status(403).json({ message: req.t('hr-health.analysis.forbidden') });
    return;
  }
  const result = eventId === null
    ? await createAnalysis(req.ctx.db, user, row, req.t('hr-health.analysis.subject', { name: row.employeeName, date: isoToFrench(row.accidentDate) }))
    : await linkAnalysis(req.ctx.db, user, row, eventId);
  if (!result.ok) {
    if (result.reason === 'stale') return stale(req, res);
    res.status(409).json({ message: req.t(`hr-health.analysis.refused.${result.reason}`) });
    return;
  }
  if (eventId === null) return saved(req, res, 'hr-health.flash.analysis_created', {}, req.ctx.routes.path('event_edit', { id: result.eventId }));
  saved(req, res, 'hr-health.flash.analysis_linked');
}

