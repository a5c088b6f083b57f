import { todayIso } from '../../../kernel/clock';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import type { Db } from '../../../kernel/db/sql';
import { toIsoDate } from '../../../kernel/http/fields';
import type { PageRequest } from '../../../kernel/http/pagination';
import { personNameSql } from '../../../kernel/person-name';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { DUE_SOON_DAYS, deadlineState, type DeadlineState, type FrequencyUnit } from '../core/deadline';
import { loadVgpScope, scopeParam, scopeSql } from '../core/equipment-access';
import type { ListFilters } from './controls.schema';

/** One line of a control list. */
export interface ControlRow {
  id: number; name: string; equipmentId: number | null; equipmentName: string | null; categoryName: string | null; operatorName: string | null;
  frequency: number | null; frequencyUnit: FrequencyUnit; deadline: string | null; plannedDate: string | null; lastControlDate: string | null;
  archived: boolean; version: number; state: DeadlineState;
}

/** Whose controls a list shows: every one in the user's scope, one operator's, or one equipment's. */
export type ListSubject = { all: true } | { operatorId: number } | { equipmentId: number };

/** The `WHERE` of a list (its parameters appended to `params`). */
function conditions(f: ListFilters, today: string, params: unknown[]): string[] {
  const where: string[] = [];
  const p = (v: unknown): string => { params.push(v); return `$${params.length}`; };
  if (f.q) where.push(`(c.name ILIKE ${p(`%${f.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)} OR e.name ILIKE $${params.length} OR c.park_number ILIKE $${params.length})`);
  if (f.state === 'overdue') where.push(`c.deadline < ${p(today)}::date`);
  if (f.state === 'due_soon') where.push(`c.deadline BETWEEN ${p(today)}::date AND $${params.length}::date + ${DUE_SOON_DAYS}`);
  if (f.state === 'ok') where.push(`c.deadline > ${p(today)}::date + ${DUE_SOON_DAYS}`);
  if (f.state === 'unplanned') where.push('c.deadline IS NULL');
  if (f.category) where.push(`c.category_id = ${p(f.category)}`);
  if (f.operator) where.push(`c.operator_id = ${p(f.operator)}`);
  if (f.entity) where.push(`e.hierarchy_item_id = ${p(f.entity)}`);
  const from = f.from ? toIsoDate(f.from) : null;
  const to = f.to ? toIsoDate(f.to) : null;
  if (from) where.push(`c.deadline >= ${p(from)}::date`);
  if (to) where.push(`c.deadline <= ${p(to)}::date`);
  if (f.month) {
    const start = `${f.month}-01`;
    where.push(`((c.deadline >= ${p(start)}::date AND c.deadline < $${params.length}::date + interval '1 month')
      OR (c.planned_date >= $${params.length}::date AND c.planned_date < $${params.length}::date + interval '1 month'))`);
  }
  return where;
}

/**
 * A page of controls sorted by deadline (none last), within the user's VGP scope (through the
 * equipment's entity), archived ones only when asked; each with its deadline state on today.
 */
export async function listControls(db: Db, user: AuthUser, subject: ListSubject, f: ListFilters, page: PageRequest | null): Promise<{ rows: ControlRow[]; total: CappedTotal }> {
  const today = todayIso();
  const scope = await loadVgpScope(db, user);
  const params: unknown[] = [user.tenantId, f.archived === '1', scopeParam(scope)];
  const where = ['c.tenant_id = $1', 'c.archived = $2', scopeSql(scope, 'e.hierarchy_item_id', 3)];
  if ('operatorId' in subject) { params.push(subject.operatorId); where.push(`c.operator_id = $${params.length}`); }
  if ('equipmentId' in subject) { params.push(subject.equipmentId); where.push(`c.equipment_id = $${params.length}`); }
  where.push(...conditions(f, today, params));
  const fromWhere = `FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id WHERE ${where.join(' AND ')}`;
  const limit = page ? ` LIMIT ${page.perPage} OFFSET ${page.offset}` : '';
  const [rows, total] = await Promise.all([
    db.query(
      `SELECT c.id, c.name, c.equipment_id AS "equipmentId", e.name AS "equipmentName", cat.name AS "categoryName",
              COALESCE(${personNameSql('u')}, u.username) AS "operatorName", c.frequency, c.frequency_unit AS "frequencyUnit",
              c.deadline::text AS deadline, c.planned_date::text AS "plannedDate", c.last_control_date::text AS "lastControlDate", c.archived, c.version
         FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id
         LEFT JOIN equipment_category cat ON cat.id = c.category_id LEFT JOIN app_user u ON u.id = c.operator_id
        WHERE ${where.join(' AND ')}
        ORDER BY c.deadline, c.id${limit}`, params),
    page ? countUpTo(db, fromWhere, params) : Promise.resolve(null),
  ]);
  const out: ControlRow[] = rows.map((r: Omit<ControlRow, 'state'>) => ({ ...r, state: deadlineState(r.deadline, today) }));
  return { rows: out, total: total ?? { total: out.length, capped: false } };
}

/** Rows grouped by the month of their deadline (`YYYY-MM`, `''` without one), in list order: the planning. */
export function byMonth(rows: ControlRow[]): Array<{ month: string; rows: ControlRow[] }> {
  const groups: Array<{ month: string; rows: ControlRow[] }> = [];
  for (const r of rows) {
    const month = r.deadline ? r.deadline.slice(0, 7) : '';
    if (groups.at(-1)?.month !== month) groups.push({ month, rows: [] });
    groups.at(-1)!.rows.push(r);
  }
  return groups;
}
