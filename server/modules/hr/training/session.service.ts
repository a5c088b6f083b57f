import type { DataSource, EntityManager } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import { findFormation, type RemoveResult, type SaveResult } from './training-admin.service';
import { expiryOf } from './training-dates';
import type { JustificationInput, SessionInput } from './training.schema';
import { personName } from '../../../kernel/person-name';

/** A session as lists, the page and the forms show it. */
export interface SessionRow {
  id: number; themeId: number | null; themeName: string | null; formationId: number; formationName: string;
  trainerId: number | null; trainerName: string | null; startAt: Date; endAt: Date; location: string | null;
  hours: number; estimatedCost: number | null; justification: string | null; notifiedAt: Date | null; version: number;
  employees: number; present: number;
}

/** An employee registered on a session. */
export interface SessionAttendee {
  employeeId: number; name: string; email: string | null; present: boolean; notifiedAt: Date | null; notificationFailed: boolean;
}

const SESSION_SELECT = `SELECT s.id, s.theme_id, t.name AS theme_name, s.formation_id, f.name AS formation_name, s.trainer_id, tr.name AS trainer_name,
    s.start_at, s.end_at, s.location, s.hours, s.estimated_cost, s.justification, s.notified_at, s.version,
    (SELECT count(*)::int FROM session_employee se WHERE se.session_id = s.id) AS employees,
    (SELECT count(*)::int FROM session_employee se WHERE se.session_id = s.id AND se.present) AS present
  FROM training_session s
  JOIN formation f ON f.id = s.formation_id
  LEFT JOIN formation_theme t ON t.id = s.theme_id
  LEFT JOIN trainer tr ON tr.id = s.trainer_id`;

const toSession = (r: any): SessionRow => ({
  id: r.id, themeId: r.theme_id, themeName: r.theme_name, formationId: r.formation_id, formationName: r.formation_name,
  trainerId: r.trainer_id, trainerName: r.trainer_name, startAt: new Date(r.start_at), endAt: new Date(r.end_at), location: r.location,
  hours: Number(r.hours ?? 0), estimatedCost: r.estimated_cost === null ? null : Number(r.estimated_cost), justification: r.justification,
  notifiedAt: r.notified_at ? new Date(r.notified_at) : null, version: r.version, employees: r.employees, present: r.present,
});

/** Filters of the session list. */
export interface SessionFilters { themeId?: number | null; formationId?: number | null; period?: 'upcoming' | 'past' | '' }

/** A page of the company's sessions, newest first (upcoming ones soonest first). */
export async function listSessions(db: Db, tenantId: number, filters: SessionFilters, page: { perPage: number; offset: number }): Promise<{ rows: SessionRow[]; total: number }> {
  const now = clock.now();
  const where = `s.tenant_id = $1 AND s.deleted_at IS NULL AND ($2::int IS NULL OR s.theme_id = $2) AND ($3::int IS NULL OR s.formation_id = $3)
    AND ($4::text = '' OR ($4 = 'upcoming' AND s.end_at >= $5) OR ($4 = 'past' AND s.end_at < $5))`;
  const params = [tenantId, filters.themeId ?? null, filters.formationId ?? null, filters.period ?? '', now];
  const order = filters.period === 'upcoming' ? 's.start_at, s.id' : 's.start_at DESC, s.id DESC';
  const rows = await db.query(`${SESSION_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $6 OFFSET $7`, [...params, page.perPage, page.offset]);
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM training_session s WHERE ${where}`, params);
  return { rows: rows.map(toSession), total: n };
}

/** The company's sessions overlapping `[from, to)` (the schedule of a month). */
export async function sessionsBetween(db: Db, tenantId: number, from: Date, to: Date): Promise<SessionRow[]> {
  const rows = await db.query(`${SESSION_SELECT} WHERE s.tenant_id = $1 AND s.deleted_at IS NULL AND s.start_at < $3 AND s.end_at >= $2 ORDER BY s.start_at, s.id`, [tenantId, from, to]);
  return rows.map(toSession);
}

/** One session of the company (not in the trash), or null. */
export async function findSession(db: Db, tenantId: number, id: number): Promise<SessionRow | null> {
  const [r] = await db.query(`${SESSION_SELECT} WHERE s.id = $1 AND s.tenant_id = $2 AND s.deleted_at IS NULL`, [id, tenantId]);
  return r ? toSession(r) : null;
}

/** The employees of a session, by name. */
export async function sessionAttendees(db: Db, tenantId: number, sessionId: number): Promise<SessionAttendee[]> {
  const rows = await db.query(
    `SELECT se.employee_id, e.first_name, e.last_name, e.email, se.present, se.notified_at, se.notification_failed
       FROM session_employee se JOIN employee e ON e.id = se.employee_id
      WHERE se.session_id = $1 AND se.tenant_id = $2 ORDER BY e.last_name, e.first_name, e.id`, [sessionId, tenantId]);
  return rows.map((r: any) => ({
    employeeId: r.employee_id, name: personName(r.first_name, r.last_name), email: r.email, present: r.present,
    notifiedAt: r.notified_at ? new Date(r.notified_at) : null, notificationFailed: r.notification_failed,
  }));
}

/** The formations of a theme (displayed ones), for the dependent select: `[{id, name}]`. */
export async function formationsOfTheme(db: Db, tenantId: number, themeId: number | null): Promise<Array<{ id: number; name: string }>> {
  return db.query(`SELECT f.id, f.name FROM formation f WHERE f.tenant_id = $1 AND f.deleted_at IS NULL AND f.displayed AND ($2::int IS NULL OR f.theme_id = $2)
    ORDER BY lower(f.name), f.id`, [tenantId, themeId]);
}

/**
 * The trainers who give a formation, for the dependent select: those linked to it, or every
 * trainer of the company when none is linked (a new formation is not blocked).
 */
export async function trainersOfFormation(db: Db, tenantId: number, formationId: number | null): Promise<Array<{ id: number; name: string }>> {
  if (formationId !== null) {
    const linked = await db.query(`SELECT tr.id, tr.name FROM formation_trainer ft JOIN trainer tr ON tr.id = ft.trainer_id JOIN formation f ON f.id = ft.formation_id
      WHERE ft.formation_id = $1 AND f.tenant_id = $2 AND tr.deleted_at IS NULL ORDER BY lower(tr.name), tr.id`, [formationId, tenantId]);
    if (linked.length) return linked;
  }
  return db.query('SELECT tr.id, tr.name FROM trainer tr WHERE tr.tenant_id = $1 AND tr.deleted_at IS NULL ORDER BY lower(tr.name), tr.id', [tenantId]);
}

/** The Paris day (`YYYY-MM-DD`) of an instant. */
export const parisDay = (d: Date): string => todayIso(d);

/**
 * Rebuilds the formations a session gave (one per present employee): obtained on the session's last
 * day, expiring after the formation's validity. Called after attendance or an edit of the session.
 */
async function refreshSessionFormations(m: EntityManager, tenantId: number, sessionId: number): Promise<void> {
  const [s] = await m.query(`SELECT s.end_at, s.formation_id, f.permanent, f.validity_months FROM training_session s JOIN formation f ON f.id = s.formation_id
    WHERE s.id = $1 AND s.tenant_id = $2`, [sessionId, tenantId]);
  if (!s) return;
  const obtained = parisDay(new Date(s.end_at));
  const expires = expiryOf(obtained, { permanent: s.permanent, validityMonths: s.validity_months });
  await m.query(`DELETE FROM employee_formation ef WHERE ef.session_id = $1
    AND NOT EXISTS (SELECT 1 FROM session_employee se WHERE se.session_id = $1 AND se.employee_id = ef.employee_id AND se.present)`, [sessionId]);
  await m.query(`UPDATE employee_formation SET formation_id = $2, obtained_on = $3, expires_on = $4,
      alerted_at = CASE WHEN expires_on IS DISTINCT FROM $4 THEN NULL ELSE alerted_at END WHERE session_id = $1`, [sessionId, s.formation_id, obtained, expires]);
  await m.query(`INSERT INTO employee_formation (tenant_id, employee_id, formation_id, obtained_on, expires_on, session_id)
    SELECT $2, se.employee_id, $3, $4, $5, $1 FROM session_employee se WHERE se.session_id = $1 AND se.present
    ON CONFLICT (session_id, employee_id) WHERE session_id IS NOT NULL DO NOTHING`, [sessionId, tenantId, s.formation_id, obtained, expires]);
}

/**
 * Creates or updates a session. The formation must be the company's and belong to the chosen theme
 * (the theme defaults to the formation's); the trainer must give the formation (or any trainer
 * when the formation has none).
 */
export async function saveSession(db: DataSource, tenantId: number, id: number | null, input: SessionInput): Promise<SaveResult> {
  const formation = await findFormation(db, tenantId, input.formation);
  if (!formation) return { ok: false, errors: { formation: 'validation.choice' } };
  const themeId = input.theme ?? formation.themeId;
  if (input.theme !== null && formation.themeId !== input.theme) return { ok: false, errors: { formation: 'hr-training.validation.formation_not_in_theme' } };
  if (input.trainer !== null && !(await trainersOfFormation(db, tenantId, formation.id)).some((t) => t.id === input.trainer)) {
    return { ok: false, errors: { trainer: 'hr-training.validation.trainer_not_for_formation' } };
  }
  const values = [themeId, formation.id, input.trainer, input.startAt, input.endAt, input.location, input.hours, input.estimatedCost];
  return db.transaction(async (m) => {
    if (id === null) {
      const [row] = await m.query(`INSERT INTO training_session (theme_id, formation_id, trainer_id, start_at, end_at, location, hours, estimated_cost, tenant_id)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [...values, tenantId]);
      return { ok: true, id: row.id } as const;
    }
    const done = rowsOf(await m.query(`UPDATE training_session SET theme_id = $1, formation_id = $2, trainer_id = $3, start_at = $4, end_at = $5, location = $6,
        hours = $7, estimated_cost = $8, version = version + 1, updated_at = now() WHERE id = $9 AND tenant_id = $10 AND version = $11 AND deleted_at IS NULL RETURNING id`,
      [...values, id, tenantId, input.version]));
    if (!done.length) return { ok: false, stale: true } as const;
    await refreshSessionFormations(m, tenantId, id);
    return { ok: true, id } as const;
  });
}

/** Saves the justification of a session (optimistic lock); false when stale. */
export async function saveJustification(db: Db, tenantId: number, id: number, input: JustificationInput): Promise<boolean> {
  const done = rowsOf(await db.query(`UPDATE training_session SET justification = $1, version = version + 1, updated_at = now()
      WHERE id = $2 AND tenant_id = $3 AND version = $4 AND deleted_at IS NULL RETURNING id`, [input.justification, id, tenantId, input.version]));
  return done.length > 0;
}

/**
 * Moves a session to the trash. Refused once someone was marked present: the formations it gave
 * stand on it (the spec's 'session cannot be deleted').
 */
export async function removeSession(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT f.name, s.start_at, EXISTS (SELECT 1 FROM session_employee se WHERE se.session_id = s.id AND se.present) AS used
      FROM training_session s JOIN formation f ON f.id = s.formation_id WHERE s.id = $1 AND s.tenant_id = $2 AND s.deleted_at IS NULL FOR UPDATE OF s`, [id, tenantId]);
    if (!r) return 'not_found';
    if (r.used) return 'in_use';
    const title = `${r.name} – ${parisDay(new Date(r.start_at)).split('-').reverse().join('/')}`;
    return (await softDelete(m, { table: 'training_session', id, tenantId, title, userId })) ? 'removed' : 'not_found';
  });
}

/** Outcome of adding an employee to a session: done, or the translation key of the refusal. */
export type AddEmployeeResult = { ok: true } | { ok: false; error: string };

/**
 * Registers an employee (already checked to be visible to the user) on a session. Refused when
 * already registered, or when the employee holds the formation, valid on the session's first day.
 */
export async function addEmployee(db: DataSource, tenantId: number, session: SessionRow, employeeId: number): Promise<AddEmployeeResult> {
  return db.transaction(async (m) => {
    const day = parisDay(session.startAt);
    const [holds] = await m.query(`SELECT 1 FROM employee_formation ef WHERE ef.tenant_id = $1 AND ef.employee_id = $2 AND ef.formation_id = $3
        AND ef.obtained_on <= $4 AND (ef.expires_on IS NULL OR ef.expires_on >= $4) AND ef.session_id IS DISTINCT FROM $5`,
      [tenantId, employeeId, session.formationId, day, session.id]);
    if (holds) return { ok: false, error: 'hr-training.errors.already_has_formation' };
    const added = await m.query(`INSERT INTO session_employee (tenant_id, session_id, employee_id) VALUES ($1, $2, $3) ON CONFLICT (session_id, employee_id) DO NOTHING RETURNING id`,
      [tenantId, session.id, employeeId]);
    return added.length ? { ok: true } : { ok: false, error: 'hr-training.errors.already_registered' };
  });
}

/** Takes an employee off a session (and the formation the session gave them); false when not registered. */
export async function removeEmployee(db: DataSource, tenantId: number, sessionId: number, employeeId: number): Promise<boolean> {
  return db.transaction(async (m) => {
    await m.query('DELETE FROM employee_formation WHERE session_id = $1 AND employee_id = $2 AND tenant_id = $3', [sessionId, employeeId, tenantId]);
    const gone = rowsOf(await m.query('DELETE FROM session_employee WHERE session_id = $1 AND employee_id = $2 AND tenant_id = $3 RETURNING id', [sessionId, employeeId, tenantId]));
    return gone.length > 0;
  });
}

/**
 * Marks who attended (every other registered employee is absent) and rebuilds the formations the
 * session gives. Refused before the session has started.
 */
export async function saveAttendance(db: DataSource, tenantId: number, session: SessionRow, presentIds: number[]): Promise<{ ok: true; present: number } | { ok: false; error: string }> {
  if (session.startAt > clock.now()) return { ok: false, error: 'hr-training.errors.attendance_too_early' };
  return db.transaction(async (m) => {
    const rows = rowsOf(await m.query(`UPDATE session_employee SET present = (employee_id = ANY($3::int[])) WHERE session_id = $1 AND tenant_id = $2 RETURNING present`,
      [session.id, tenantId, presentIds]));
    await refreshSessionFormations(m, tenantId, session.id);
    return { ok: true, present: rows.filter((r: any) => r.present).length };
  });
}
