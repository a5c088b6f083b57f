import type { Request, Response } from 'express';
import { todayIso } from '../../kernel/clock';
import { HttpError } from '../../kernel/http/errors';
import { personName } from '../../kernel/person-name';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen, renderView } from '../../kernel/http/render';
import { removedWith, routeId, saved, stale, tenantOf } from '../../kernel/http/respond';
import { employeeOfUser, employeeOptions } from '../hr/employee-access';
import { workInterruptionSchema } from '../hr/health/health.schema';
import { listAccidentTypes } from '../hr/health/health-types.service';
import {
  findWorkInterruption, removeWorkInterruption, saveWorkInterruption, type WorkInterruptionInput, type WorkInterruptionRow,
} from '../hr/health/work-interruption.service';
import { ACCIDENT_SEVERITIES, WORK_INTERRUPTION_TYPES } from '../hr/work-interruption.entity';
import { calendarForbidden } from './calendar-task.handlers';
import { frenchDay, slotDays } from './calendar-dates';

const FORM = 'work_interruption';
const TYPES = WORK_INTERRUPTION_TYPES as readonly string[];
const day = (iso: string | null): string => (iso ? frenchDay(iso) : '');

/**
 * The record `id` of the company that the user sees in HR; a record of the company out of the
 * user's sight answers 403 (calendar message), another company's or a trashed one 404.
 */
async function requireInterruption(req: Request): Promise<WorkInterruptionRow> {
  const id = routeId(req);
  const row = await findWorkInterruption(req.ctx.db, req.authUser!, id);
  if (row) return row;
  const [exists] = await req.ctx.db.query('SELECT 1 FROM work_interruption WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantOf(req)]);
  if (!exists) throw new HttpError(404, 'errors.not_found.title');
  throw calendarForbidden();
}

async function choices(req: Request, current: WorkInterruptionRow | null) {
  const accidentTypes: Array<{ id: number; name: string }> = await listAccidentTypes(req.ctx.db, tenantOf(req));
  if (current?.accidentTypeId && !accidentTypes.some((a) => a.id === current.accidentTypeId)) accidentTypes.push({ id: current.accidentTypeId, name: current.accidentTypeName ?? '' });
  return { accidentTypes, types: WORK_INTERRUPTION_TYPES, severities: ACCIDENT_SEVERITIES };
}

async function renderAccidentForm(req: Request, res: Response, current: WorkInterruptionRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const routes = req.ctx.routes;
  await renderScreen(req, res, 'calendar/_work_accident_form', {
    title: req.t(current ? 'calendar.accident.edit' : 'calendar.accident.add'),
    action: current ? routes.path('project_calendar_work_accident_edit', { id: current.id }) : routes.path('project_calendar_work_accident_add'),
    deleteUrl: current ? routes.path('project_calendar_work_accident_delete', { id: current.id }) : null,
    current, values, errors,
    employees: await employeeOptions(req.ctx.db, req.authUser!, { includeGone: true }),
    ...(await choices(req, current)),
  });
}

/** The form's values of a record (dates DD/MM/YYYY). */
function rowValues(r: WorkInterruptionRow): Record<string, unknown> {
  return {
    employee: r.employeeId, workInterruptionType: r.type, accidentDate: day(r.accidentDate), interruptionStartDate: day(r.interruptionStartDate),
    interruptionEndDate: day(r.interruptionEndDate), severity: r.severity ?? '', substitutePosition: r.substitutePosition ?? '',
    accidentType: r.accidentTypeId ?? '', comment: r.comment ?? '', cause: r.cause ?? '', version: r.version,
  };
}

/** The parsed input of a record as it is (to save it again with other dates). */
function rowInput(r: WorkInterruptionRow): WorkInterruptionInput {
  return {
    employee: r.employeeId, workInterruptionType: r.type, accidentDate: r.accidentDate, interruptionStartDate: r.interruptionStartDate,
    interruptionEndDate: r.interruptionEndDate, severity: r.severity as WorkInterruptionInput['severity'], substitutePosition: r.substitutePosition ?? '',
    accidentType: r.accidentTypeId, comment: r.comment ?? '', cause: r.cause ?? '', version: r.version,
  };
}

async function save(req: Request, res: Response, current: WorkInterruptionRow | null): Promise<void> {
  const form = parseForm(workInterruptionSchema, req.body, FORM);
  if (!form.ok) return renderAccidentForm(req, res, current, form.values, form.errors);
  const result = await saveWorkInterruption(req.ctx.db, req.authUser!, current?.id ?? null, form.data);
  if (result.ok) {
    // The calendar's people are users: say where the period of an employee without an account shows (issue 25 item 8).
    const [e] = await req.ctx.db.query('SELECT user_id, first_name, last_name FROM employee WHERE id = $1 AND tenant_id = $2', [form.data.employee, tenantOf(req)]);
    if (e && e.user_id === null) return saved(req, res, 'calendar.flash.accident_saved_unlinked', { name: personName(e.first_name, e.last_name) });
    return saved(req, res, 'calendar.flash.accident_saved');
  }
  if ('stale' in result) return stale(req, res);
  if ('notFound' in result) throw new HttpError(404, 'errors.not_found.title');
  return renderAccidentForm(req, res, current, form.values, result.errors);
}

/**
 * `GET|POST /calendar/work-accident/new?start=&end=&resource=` (project_calendar_work_accident_add):
 * the work-accident / unavailability form of a slot selected in unavailability mode. The slot
 * gives the dates, the selected resource (a user) its employee. 201 saved, 200 with errors.
 */
export async function accidentAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return save(req, res, null);
  const values: Record<string, unknown> = { workInterruptionType: 'WORK_ACCIDENT', version: 0 };
  const q = req.query as Record<string, unknown>;
  if (typeof q.start === 'string' && /^\d{4}-\d{2}-\d{2}/.test(q.start)) {
    const [first, last] = slotDays(q.start, typeof q.end === 'string' && /^\d{4}-\d{2}-\d{2}/.test(q.end) ? q.end : q.start);
    if (first <= todayIso()) values.accidentDate = frenchDay(first);
    values.interruptionStartDate = frenchDay(first);
    values.interruptionEndDate = frenchDay(last);
  }
  const resource = Number(q.resource);
  if (Number.isSafeInteger(resource) && resource > 0) {
    const employee = await employeeOfUser(req.ctx.db, tenantOf(req), resource);
    if (employee) values.employee = employee.id;
  }
  const type = String(q.type ?? '');
  if (TYPES.includes(type)) values.workInterruptionType = type;
  await renderAccidentForm(req, res, null, values);
}

/** `GET|POST /calendar/work-accident/{id}/edit` (project_calendar_work_accident_edit). */
export async function accidentEdit(req: Request, res: Response): Promise<void> {
  const row = await requireInterruption(req);
  if (req.method === 'POST') return save(req, res, row);
  await renderAccidentForm(req, res, row, rowValues(row));
}

/**
 * `POST /calendar/work-accident/fields` (project_calendar_work_accident_fields): the fields that
 * depend on the type, drawn again when the type changes (`[data-refresh-url]`), typed values kept.
 */
export async function accidentFields(req: Request, res: Response): Promise<void> {
  const raw = (req.body?.[FORM] ?? {}) as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const k of ['workInterruptionType', 'accidentDate', 'interruptionStartDate', 'interruptionEndDate', 'severity', 'substitutePosition', 'accidentType', 'cause', 'comment']) {
    values[k] = typeof raw[k] === 'string' ? raw[k] : '';
  }
  if (!TYPES.includes(String(values.workInterruptionType))) values.workInterruptionType = 'WORK_ACCIDENT';
  const html = await renderView(res, 'calendar/_work_accident_fields', { values, errors: {}, ...(await choices(req, null)) });
  res.status(200).type('html').send(html);
}

/** `POST /calendar/work-accident/{id}/delete` (project_calendar_work_accident_delete): 200 removed, 409 with an accident analysis. */
export async function accidentDelete(req: Request, res: Response): Promise<void> {
  const row = await requireInterruption(req);
  const result = await removeWorkInterruption(req.ctx.db, req.authUser!, row.id);
  if (result === 'not_found') throw new HttpError(404, 'errors.not_found.title');
  if (result === 'has_analysis') {
    res.status(409).json({ message: req.t('hr-health.interruptions.delete_has_analysis') });
    return;
  }
  removedWith(req, res, 'calendar.flash.accident_removed');
}

/**
 * `POST /calendar/work-accident/{id}/dates` (project_calendar_work_accident_update_dates), `start`
 * and `end` (`YYYY-MM-DD HH:mm`, the end of a whole-day period exclusive at midnight): the days
 * become the interruption's; a work accident without lost time moves its accident date. 200 saved;
 * 401 `{message}` when the HR rules refuse the dates (translated); 403 out of the user's sight.
 */
export async function accidentUpdateDates(req: Request, res: Response): Promise<void> {
  const row = await requireInterruption(req);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const start = String(body.start ?? req.query.start ?? '');
  const end = String(body.end ?? req.query.end ?? start);
  const valid = (s: string) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(`${s.slice(0, 10)}T00:00:00Z`));
  if (!valid(start) || !valid(end)) {
    res.status(401).json({ message: req.t('calendar.errors.invalid_dates') });
    return;
  }
  const [first, last] = slotDays(start, end);
  const input = rowInput(row);
  if (row.interruptionStartDate) {
    input.interruptionStartDate = first;
    input.interruptionEndDate = row.interruptionEndDate || last !== first ? last : null;
  } else {
    input.accidentDate = first;
  }
  const result = await saveWorkInterruption(req.ctx.db, req.authUser!, row.id, input);
  if (result.ok) {
    res.status(200).json({ id: row.id });
    return;
  }
  if ('stale' in result) return stale(req, res);
  if ('notFound' in result) throw new HttpError(404, 'errors.not_found.title');
  const first_error = Object.values(result.errors)[0];
  const message = typeof first_error === 'string' ? req.t(first_error) : req.t(first_error.key, first_error.params);
  res.status(401).json({ message });
}
