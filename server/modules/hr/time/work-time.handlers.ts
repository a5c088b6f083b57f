import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { HttpError } from '../../../kernel/http/errors';
import { addFlash } from '../../../kernel/http/flash';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { toIsoDate } from '../../action-plan/action-plan.schema';
import { employeeVisibility } from '../employee-access';
import { addDays, frenchPublicHolidays } from './working-days';
import { formatHours, mondayOf, parseHours, prefillStandardDays, saveWeek, STANDARD_DAY_HOURS, weekDays, weekGrid, type WorkTimeCell, type WorkTimeEntry } from './work-time.service';

const FORM = 'work_time';

/** The Monday of the week asked by `week` (DD/MM/YYYY or ISO, any day of it), else of the current week. */
function askedMonday(raw: unknown): string {
  const iso = typeof raw === 'string' && raw ? toIsoDate(raw) : null;
  return mondayOf(iso ?? todayIso());
}

async function renderGrid(req: Request, res: Response, monday: string, typed: Record<string, Record<string, WorkTimeCell>> | null, errors: Record<string, string>, status = 200, alert?: string, prefill = false): Promise<void> {
  const page = pageRequest(req);
  const days = weekDays(monday);
  const { lines, total, readAt } = await weekGrid(req.ctx.db, req.authUser!, monday, page);
  if (typed) for (const l of lines) if (typed[l.employeeId]) l.cells = { ...l.cells, ...typed[l.employeeId] };
  const prefilled = prefill ? prefillStandardDays(lines, days) : null;
  await renderScreen(req, res, 'hr/time/work_time', {
    title: req.t('hr-time.work_time.title'), hideTitle: true, monday, days, lines, readAt, errors, alert, prefilled,
    holidays: days.filter((d) => frenchPublicHolidays(Number(d.slice(0, 4))).has(d)), standardHours: STANDARD_DAY_HOURS, formatHours,
    previous: addDays(monday, -7), next: addDays(monday, 7), pager: buildPager(req, page, total),
  }, status);
}

/**
 * `GET /rh/work-time?week=`: the week grid of hours worked and overtime per employee and day, with
 * leave, interruptions and public holidays marked; `prefill=1` proposes a standard day in the empty
 * cells of the days people work (shown, not saved).
 */
export async function workTimeIndex(req: Request, res: Response): Promise<void> {
  await renderGrid(req, res, askedMonday(req.query.week), null, {}, 200, undefined, req.query.prefill === '1');
}

/**
 * `POST /rh/work-time?week=`: saves the grid (blank cell: no work time that day). Errors re-render
 * the grid with what was typed; a grid changed by someone else since it was read answers 409.
 */
export async function workTimeSave(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const monday = askedMonday(req.body?.week ?? req.query.week);
  const days = weekDays(monday);
  // Keys are `e<employee id>`: numeric keys would turn the body into a compacted array.
  const raw = (req.body?.[FORM] ?? {}) as Record<string, Record<string, { h?: string; o?: string }>>;
  const ids = Object.keys(raw).filter((k) => /^e\d{1,9}$/.test(k)).map((k) => Number(k.slice(1)));
  if (ids.length) {
    const vis = employeeVisibility(user, 'e', 3);
    const seen: Array<{ id: number }> = await req.ctx.db.query(`SELECT e.id FROM employee e WHERE e.tenant_id = $1 AND e.id = ANY($2::int[]) AND e.deleted_at IS NULL AND ${vis.sql}`, [user.tenantId, ids, ...vis.params]);
    if (seen.length !== ids.length) throw new HttpError(404, 'errors.not_found.title');
  }
  const entries: WorkTimeEntry[] = [];
  const typed: Record<string, Record<string, WorkTimeCell>> = {};
  const errors: Record<string, string> = {};
  for (const id of ids) {
    typed[id] = {};
    for (const day of days) {
      const cell = raw[`e${id}`]?.[day];
      // A cell the form did not send is left as it is; a sent blank cell clears the day.
      if (!cell || (cell.h === undefined && cell.o === undefined)) continue;
      const h = typeof cell.h === 'string' ? cell.h : '';
      const o = typeof cell.o === 'string' ? cell.o : '';
      typed[id][day] = { hours: h, overtime: o };
      const hours = parseHours(h);
      const overtime = parseHours(o);
      if (Number.isNaN(hours) || Number.isNaN(overtime)) { errors[`${id}.${day}`] = 'hr-time.work_time.validation.hours'; continue; }
      if ((hours ?? 0) + (overtime ?? 0) > 24) { errors[`${id}.${day}`] = 'hr-time.work_time.validation.day_total'; continue; }
      entries.push({ employeeId: id, day, hours, overtime });
    }
  }
  if (Object.keys(errors).length) return renderGrid(req, res, monday, typed, errors);
  const readAt = typeof req.body?.readAt === 'string' ? req.body.readAt : '';
  if (ids.length && !(await saveWeek(req.ctx.db, user.tenantId, ids, monday, readAt || new Date(0).toISOString(), entries))) {
    return renderGrid(req, res, monday, typed, {}, 409, req.t('errors.stale'));
  }
  addFlash(req, 'success', 'hr-time.work_time.flash.saved');
  res.redirect(303, req.ctx.routes.path('rh_work_time_index', { week: monday, ...(req.query.page ? { page: String(req.query.page) } : {}) }));
}
