import type { AuthUser } from '../../../kernel/rights/auth-user';
import { intSetting } from '../../../kernel/settings/settings';
import type { Db } from '../../../kernel/db/sql';
import { employeeVisibility } from '../employee-access';
import { FORMATION_STATUSES, formationStatus, type FormationStatus } from './training-dates';
import { personName } from '../../../kernel/person-name';

/** The current standing of one employee for one formation (their latest record). */
export interface MonitoringRow {
  employeeId: number; employeeName: string; formationId: number; formationName: string; themeName: string | null;
  obtainedOn: string; expiresOn: string | null; status: FormationStatus; records: number;
}

/** Filters of the monitoring screen. */
export interface MonitoringFilters { formationId?: number | null; status?: FormationStatus | ''; q?: string; employeeId?: number | null }

/** The monitoring query (standing of each employee and formation, filtered) and its parameters. */
async function monitoringQuery(db: Db, user: AuthUser, filters: MonitoringFilters, today: string): Promise<{ base: string; params: unknown[] }> {
  const alertDays = await intSetting(db, user.tenantId, 'formation_alert_days');
  const vis = employeeVisibility(user, 'e', 8);
  const q = (filters.q ?? '').trim();
  const params: unknown[] = [user.tenantId, today, alertDays, filters.formationId ?? null, filters.status ?? '', q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '', filters.employeeId ?? null, ...vis.params];
  const base = `WITH latest AS (
      SELECT DISTINCT ON (ef.employee_id, ef.formation_id) ef.employee_id, ef.formation_id, ef.obtained_on, ef.expires_on,
             count(*) OVER (PARTITION BY ef.employee_id, ef.formation_id)::int AS records
        FROM employee_formation ef WHERE ef.tenant_id = $1
       ORDER BY ef.employee_id, ef.formation_id, ef.expires_on DESC NULLS FIRST, ef.obtained_on DESC, ef.id DESC),
    standing AS (
      SELECT l.*, e.first_name, e.last_name, f.name AS formation_name, t.name AS theme_name,
             CASE WHEN l.expires_on IS NULL THEN 'valid' WHEN l.expires_on < $2::date THEN 'expired'
                  WHEN l.expires_on - coalesce(f.alert_days, $3::int) <= $2::date THEN 'expiring' ELSE 'valid' END AS status
        FROM latest l JOIN employee e ON e.id = l.employee_id JOIN formation f ON f.id = l.formation_id LEFT JOIN formation_theme t ON t.id = f.theme_id
       WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND ${vis.sql}
         AND ($4::int IS NULL OR l.formation_id = $4) AND ($7::int IS NULL OR l.employee_id = $7)
         AND ($6::text = '' OR (e.last_name || ' ' || e.first_name) ILIKE $6 OR (e.first_name || ' ' || e.last_name) ILIKE $6))
    SELECT *, obtained_on::text AS obtained_s, expires_on::text AS expires_s FROM standing WHERE ($5::text = '' OR status = $5)`;
  return { base, params };
}

/**
 * Per employee (the user's scope, not deleted) and formation: the latest record (the one expiring
 * last, permanent first) and its status on `today`, with the formation's alert delay or else the
 * company's `formation_alert_days`.
 */
export async function monitoringRows(db: Db, user: AuthUser, filters: MonitoringFilters, today: string, page?: { perPage: number; offset: number }): Promise<{ rows: MonitoringRow[]; total: number }> {
  const { base, params } = await monitoringQuery(db, user, filters, today);
  const limit = page ? ` LIMIT ${Number(page.perPage)} OFFSET ${Number(page.offset)}` : '';
  const rows = await db.query(`${base} ORDER BY last_name, first_name, employee_id, lower(formation_name), formation_id${limit}`, params);
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM (${base}) x`, params);
  return {
    total: n,
    rows: rows.map((r: any) => ({
      employeeId: r.employee_id, employeeName: personName(r.first_name, r.last_name), formationId: r.formation_id, formationName: r.formation_name,
      themeName: r.theme_name, obtainedOn: r.obtained_s, expiresOn: r.expires_s, status: r.status, records: r.records,
    })),
  };
}

/** How many standings of each status the filters (but the status one) give: the screen's summary. */
export async function monitoringCounts(db: Db, user: AuthUser, filters: MonitoringFilters, today: string): Promise<Record<FormationStatus, number>> {
  const { base, params } = await monitoringQuery(db, user, { ...filters, status: '' }, today);
  const counts = Object.fromEntries(FORMATION_STATUSES.map((st) => [st, 0])) as Record<FormationStatus, number>;
  for (const r of await db.query(`SELECT status, count(*)::int AS n FROM (${base}) x GROUP BY status`, params)) counts[r.status as FormationStatus] = r.n;
  return counts;
}

/** One record of an employee's history for a formation. */
export interface HistoryRow { obtainedOn: string; expiresOn: string | null; status: FormationStatus; sessionId: number | null; sessionStart: Date | null; trainerName: string | null; location: string | null }

/** Every record of `employeeId` for `formationId`, newest first, each with its status on `today`. */
export async function formationHistory(db: Db, tenantId: number, employeeId: number, formationId: number, today: string): Promise<{ formationName: string; rows: HistoryRow[] } | null> {
  const [f] = await db.query('SELECT name, alert_days FROM formation WHERE id = $1 AND tenant_id = $2', [formationId, tenantId]);
  if (!f) return null;
  const alertDays = f.alert_days ?? await intSetting(db, tenantId, 'formation_alert_days');
  const rows = await db.query(`SELECT ef.obtained_on::text AS obtained_on, ef.expires_on::text AS expires_on, ef.session_id, s.start_at, tr.name AS trainer_name, s.location
      FROM employee_formation ef LEFT JOIN training_session s ON s.id = ef.session_id LEFT JOIN trainer tr ON tr.id = s.trainer_id
     WHERE ef.tenant_id = $1 AND ef.employee_id = $2 AND ef.formation_id = $3 ORDER BY ef.obtained_on DESC, ef.id DESC`, [tenantId, employeeId, formationId]);
  return {
    formationName: f.name,
    rows: rows.map((r: any) => ({
      obtainedOn: isoDay(r.obtained_on)!, expiresOn: isoDay(r.expires_on), status: formationStatus(isoDay(r.expires_on), today, alertDays),
      sessionId: r.session_id, sessionStart: r.start_at ? new Date(r.start_at) : null, trainerName: r.trainer_name, location: r.location,
    })),
  };
}

/** The employee's sessions still to come (the tab shows them beside the formations held). */
export async function upcomingSessionsOf(db: Db, tenantId: number, employeeId: number, now: Date): Promise<Array<{ id: number; formationName: string; startAt: Date; location: string | null }>> {
  const rows = await db.query(`SELECT s.id, f.name, s.start_at, s.location FROM session_employee se JOIN training_session s ON s.id = se.session_id JOIN formation f ON f.id = s.formation_id
    WHERE se.employee_id = $1 AND se.tenant_id = $2 AND s.deleted_at IS NULL AND s.end_at >= $3 ORDER BY s.start_at, s.id`, [employeeId, tenantId, now]);
  return rows.map((r: any) => ({ id: r.id, formationName: r.name, startAt: new Date(r.start_at), location: r.location }));
}

/** A `date` column as `YYYY-MM-DD` (the driver may give a string or a Date). */
export function isoDay(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const d = v as Date;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
