import type { Request, Response } from 'express';
import { clock, todayIso } from '../../../kernel/clock';
import { addFlash } from '../../../kernel/http/flash';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { formatDateTime } from '../../../kernel/i18n/format';
import { employeeOptions } from '../employee-access';
import { answerSave } from './training-admin.handlers';
import { listFormations, listThemes } from './training-admin.service';
import { addDays } from './training-dates';
import { addEmployeeSchema, justificationSchema, sessionFilterSchema, sessionSchema } from './training.schema';
import {
  addEmployee, findSession, formationsOfTheme, listSessions, removeEmployee, removeSession, saveAttendance, saveJustification, saveSession,
  sessionAttendees, sessionsBetween, trainersOfFormation, type SessionRow,
} from './session.service';
import { parseParisDateTime } from './training-dates';
import { queryId } from '../../../kernel/http/fields';

const sessionOr404 = async (req: Request): Promise<SessionRow> => orNotFound(await findSession(req.ctx.db, tenantOf(req), routeId(req)));

/** `GET /rh/sessions` (rh_session_index): the sessions with filters, and the training-time widget. */
export async function sessionIndex(req: Request, res: Response): Promise<void> {
  const tenantId = tenantOf(req);
  const { theme, formation, period } = sessionFilterSchema.parse(req.query);
  const filters = { themeId: theme, formationId: formation, period } as const;
  const page = pageRequest(req);
  const [{ rows, total }, themes, formations] = await Promise.all([
    listSessions(req.ctx.db, tenantId, filters, page), listThemes(req.ctx.db, tenantId), listFormations(req.ctx.db, tenantId),
  ]);
  await renderScreen(req, res, 'hr/training/sessions', {
    title: req.t('hr-training.sessions.title'), hideTitle: true, rows, themes, formations, filters, pager: buildPager(req, page, total),
    year: Number(todayIso().slice(0, 4)),
  });
}

/** `GET /rh/sessions/schedule?month=YYYY-MM` (rh_session_schedule): the month's sessions on a calendar grid. */
export async function sessionSchedule(req: Request, res: Response): Promise<void> {
  const asked = typeof req.query.month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(req.query.month) ? req.query.month : todayIso().slice(0, 7);
  const first = `${asked}-01`;
  const next = addDays(first, 40).slice(0, 7);
  const prev = addDays(first, -1).slice(0, 7);
  const sessions = await sessionsBetween(req.ctx.db, tenantOf(req), parseParisDateTime(first.split('-').reverse().join('/'))!, parseParisDateTime(`${next}-01`.split('-').reverse().join('/'))!);
  // Weeks from the Monday on or before the 1st to the Sunday on or after the month's last day.
  const weekday = (d: string) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
  const lastDay = addDays(`${next}-01`, -1);
  const weeks: string[][] = [];
  for (let d = addDays(first, -weekday(first)); d <= addDays(lastDay, 6 - weekday(lastDay)); d = addDays(d, 1)) {
    if (!weeks.length || weeks[weeks.length - 1].length === 7) weeks.push([]);
    weeks[weeks.length - 1].push(d);
  }
  const byDay = new Map<string, SessionRow[]>();
  for (const s of sessions) {
    for (let d = todayIso(s.startAt); d <= todayIso(s.endAt); d = addDays(d, 1)) byDay.set(d, [...(byDay.get(d) ?? []), s]);
  }
  await renderScreen(req, res, 'hr/training/schedule', {
    title: req.t('hr-training.schedule.title'), hideTitle: true, month: asked, prev, next, weeks, byDay, today: todayIso(),
    monthLabel: new Intl.DateTimeFormat(req.authUser!.locale || 'fr', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${first}T12:00:00Z`)),
    weekdayLabels: weeks[0].map((d) => new Intl.DateTimeFormat(req.authUser!.locale || 'fr', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`))),
  });
}

/** `GET /rh/sessions/{id}` (rh_session_show): the session, its employees, attendance and notification status. */
export async function sessionShow(req: Request, res: Response): Promise<void> {
  const session = await sessionOr404(req);
  const attendees = await sessionAttendees(req.ctx.db, tenantOf(req), session.id);
  await renderScreen(req, res, 'hr/training/show', {
    title: session.formationName, hideTitle: true, session, attendees, started: session.startAt <= clock.now(),
  });
}

async function renderSessionForm(req: Request, res: Response, item: SessionRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tenantId = tenantOf(req);
  const themeId = queryId.parse(values.theme);
  const formationId = queryId.parse(values.formation);
  const [themes, formations, trainers] = await Promise.all([
    listThemes(req.ctx.db, tenantId), formationsOfTheme(req.ctx.db, tenantId, themeId), formationId ? trainersOfFormation(req.ctx.db, tenantId, formationId) : Promise.resolve([]),
  ]);
  // A session keeps showing its own formation even once that formation is no longer offered.
  if (item && !formations.some((f) => f.id === item.formationId)) formations.unshift({ id: item.formationId, name: item.formationName });
  const title = req.t(item ? 'hr-training.sessions.edit_title' : 'hr-training.sessions.new_title');
  await renderScreen(req, res, 'hr/training/_session_form', { title, item, values, errors, themes, formations, trainers });
}

async function submitSession(req: Request, res: Response, item: SessionRow | null): Promise<void> {
  const form = parseForm(sessionSchema, req.body, 'session');
  if (!form.ok) return renderSessionForm(req, res, item, form.values, form.errors);
  const result = await saveSession(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  if (result.ok && !item) {
    saved(req, res, 'hr-training.flash.session_created', {}, req.ctx.routes.path('rh_session_show', { id: result.id }));
    return;
  }
  await answerSave(req, res, result, 'hr-training.flash.session_updated', {}, (errors) => renderSessionForm(req, res, item, form.values, errors));
}

/** `GET|POST /rh/sessions/new` (rh_session_add): 201 leads to the new session's page. */
export async function sessionAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitSession(req, res, null);
  await renderSessionForm(req, res, null, { theme: '', formation: '', trainer: '', startAt: '', endAt: '', location: '', hours: '', estimatedCost: '', version: 0 });
}

/** `GET|POST /rh/sessions/{id}/edit` (rh_session_edit, optimistic lock). */
export async function sessionEdit(req: Request, res: Response): Promise<void> {
  const item = await sessionOr404(req);
  if (req.method === 'POST') return submitSession(req, res, item);
  await renderSessionForm(req, res, item, {
    theme: item.themeId ?? '', formation: item.formationId, trainer: item.trainerId ?? '', startAt: formatDateTime(item.startAt), endAt: formatDateTime(item.endAt),
    location: item.location ?? '', hours: String(item.hours).replace('.', ','), estimatedCost: item.estimatedCost === null ? '' : String(item.estimatedCost).replace('.', ','), version: item.version,
  });
}

/** `POST /rh/sessions/{id}/delete` (rh_session_delete): to the trash, refused once someone attended. */
export async function sessionDelete(req: Request, res: Response): Promise<void> {
  const result = await removeSession(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id);
  orNotFound(result === 'not_found' ? null : result);
  if (result === 'in_use') {
    res.status(409).json({ message: req.t('hr-training.errors.session_cannot_be_deleted') });
    return;
  }
  addFlash(req, 'success', 'hr-training.flash.trashed');
  res.status(200).json({ message: req.t('hr-training.flash.trashed'), redirect: req.ctx.routes.path('rh_session_index') });
}

/** `GET /rh/sessions/populate-formations?theme=` (rh_session_populate_formations): `[{id, name}]`. */
export async function populateFormations(req: Request, res: Response): Promise<void> {
  res.set('Cache-Control', 'no-store').json(await formationsOfTheme(req.ctx.db, tenantOf(req), queryId.parse(req.query.theme)));
}

/** `GET /rh/sessions/populate-trainers?formation=` (rh_session_populate_trainers): `[{id, name}]`. */
export async function populateTrainers(req: Request, res: Response): Promise<void> {
  const formationId = queryId.parse(req.query.formation);
  res.set('Cache-Control', 'no-store').json(formationId ? await trainersOfFormation(req.ctx.db, tenantOf(req), formationId) : []);
}

async function renderAddEmployee(req: Request, res: Response, session: SessionRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const registered = new Set((await sessionAttendees(req.ctx.db, tenantOf(req), session.id)).map((a) => a.employeeId));
  const employees = (await employeeOptions(req.ctx.db, req.authUser!, { today: todayIso() })).filter((e) => !registered.has(e.id));
  await renderScreen(req, res, 'hr/training/_add_employee_form', { title: req.t('hr-training.sessions.add_employee'), session, employees, values, errors });
}

/**
 * `GET|POST /rh/sessions/{id}/employees/add` (rh_session_add_employee): registers an employee the
 * user may see; 'employee already has the formation' under the field when they hold it valid on the
 * session's date.
 */
export async function sessionAddEmployee(req: Request, res: Response): Promise<void> {
  const session = await sessionOr404(req);
  if (req.method !== 'POST') return renderAddEmployee(req, res, session, { employee: '' });
  const body = req.body && typeof req.body === 'object' && !req.body.session_employee && req.body.employee ? { session_employee: { employee: req.body.employee } } : req.body;
  const form = parseForm(addEmployeeSchema, body, 'session_employee');
  if (!form.ok) return renderAddEmployee(req, res, session, form.values, form.errors);
  const visible = await employeeOptions(req.ctx.db, req.authUser!, { includeGone: true });
  if (!visible.some((e) => e.id === form.data.employee)) return renderAddEmployee(req, res, session, form.values, { employee: 'validation.choice' });
  const result = await addEmployee(req.ctx.db, tenantOf(req), session, form.data.employee);
  if (!result.ok) return renderAddEmployee(req, res, session, form.values, { employee: result.error });
  saved(req, res, 'hr-training.flash.employee_added');
}

/** `POST /rh/sessions/{id}/employees/{employeeId}/remove` (rh_session_remove_employee): 200 when removed. */
export async function sessionRemoveEmployee(req: Request, res: Response): Promise<void> {
  const session = await sessionOr404(req);
  const done = await removeEmployee(req.ctx.db, tenantOf(req), session.id, routeId(req, 'employeeId'));
  orNotFound(done || null);
  addFlash(req, 'success', 'hr-training.flash.employee_removed');
  res.status(200).json({ message: req.t('hr-training.flash.employee_removed') });
}

/** `POST /rh/sessions/{id}/attendance` (rh_session_attendance): `attendance[present][]` = present employee ids. */
export async function sessionAttendance(req: Request, res: Response): Promise<void> {
  const session = await sessionOr404(req);
  const raw = (req.body?.attendance?.present ?? []) as unknown;
  const ids = (Array.isArray(raw) ? raw : [raw]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  const result = await saveAttendance(req.ctx.db, tenantOf(req), session, ids);
  if (!result.ok) {
    res.status(409).json({ message: req.t(result.error) });
    return;
  }
  saved(req, res, 'hr-training.flash.attendance_saved', { count: result.present });
}

/** `GET|POST /rh/sessions/{id}/justification` (rh_session_justification_edit): the justification, in a modal. */
export async function sessionJustification(req: Request, res: Response): Promise<void> {
  const session = await sessionOr404(req);
  const render = (values: Record<string, unknown>, errors: Record<string, FieldError> = {}) =>
    renderScreen(req, res, 'hr/training/_justification_form', { title: req.t('hr-training.sessions.justification'), session, values, errors });
  if (req.method !== 'POST') return render({ justification: session.justification ?? '', version: session.version });
  const form = parseForm(justificationSchema, req.body, 'session_justification');
  if (!form.ok) return render(form.values, form.errors);
  if (!(await saveJustification(req.ctx.db, tenantOf(req), session.id, form.data))) return stale(req, res);
  saved(req, res, 'hr-training.flash.justification_saved');
}
