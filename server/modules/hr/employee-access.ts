import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../kernel/http/errors';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { personName } from '../../kernel/person-name';

/** What every HR part needs to know of an employee. */
export interface EmployeeRef {
  id: number;
  tenantId: number;
  firstName: string;
  lastName: string;
  /** "Prénom Nom". */
  fullName: string;
  email: string | null;
  userId: number | null;
  serviceId: number | null;
  exitDate: string | null;
  version: number;
}

/** True when the user sees every employee of the company (not only those of their services and themself). */
export function seesAllEmployees(user: AuthUser): boolean {
  return can(user, 'hr.view_all') || can(user, 'hr.manage_employees');
}

/**
 * SQL condition limiting employees (alias `alias`) to those the user may see: all of the
 * company with `hr.view_all` or `hr.manage_employees`; otherwise those of the user's services
 * and the user's own employee record. `params` continues the caller's numbered parameters:
 * `first` is the number of the first placeholder this fragment may use.
 */
export function employeeVisibility(user: AuthUser, alias: string, first: number): { sql: string; params: unknown[] } {
  if (seesAllEmployees(user)) return { sql: 'TRUE', params: [] };
  return {
    sql: `(${alias}.user_id = $${first} OR ${alias}.service_id IN (SELECT us.service_id FROM user_service us WHERE us.user_id = $${first}))`,
    params: [user.id],
  };
}

const SELECT_REF = `SELECT e.id, e.tenant_id, e.first_name, e.last_name, e.email, e.user_id, e.service_id, e.exit_date::text AS exit_date, e.version
  FROM employee e`;

const toRef = (r: Record<string, any>): EmployeeRef => ({
  id: r.id, tenantId: r.tenant_id, firstName: r.first_name, lastName: r.last_name,
  fullName: `${r.first_name ?? ''} ${r.last_name}`.trim(), email: r.email, userId: r.user_id,
  serviceId: r.service_id, exitDate: r.exit_date, version: r.version,
});

/**
 * The employee `id` of the user's company that the user may see, or a 404 (another
 * company's, deleted, unknown, or outside the user's scope: never say which).
 */
export async function requireEmployee(req: Request, id: number, db: DataSource | EntityManager = req.ctx.db): Promise<EmployeeRef> {
  const user = req.authUser!;
  const vis = employeeVisibility(user, 'e', 3);
  const rows = await db.query(`${SELECT_REF} WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL AND ${vis.sql}`, [id, user.tenantId, ...vis.params]);
  if (!rows.length) throw new HttpError(404, 'errors.not_found.title');
  return toRef(rows[0]);
}

/** The employee record linked to a user account in the company, or null. */
export async function employeeOfUser(db: DataSource | EntityManager, tenantId: number, userId: number): Promise<EmployeeRef | null> {
  const rows = await db.query(`${SELECT_REF} WHERE e.user_id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL`, [userId, tenantId]);
  return rows.length ? toRef(rows[0]) : null;
}

/**
 * Employees for a select, "Nom Prénom" order: those the user may see, still present
 * (no exit date before today) unless `includeGone`.
 */
export async function employeeOptions(db: DataSource | EntityManager, user: AuthUser, opts: { includeGone?: boolean; today?: string } = {}): Promise<Array<{ id: number; name: string }>> {
  const vis = employeeVisibility(user, 'e', 2);
  const params: unknown[] = [user.tenantId, ...vis.params];
  let gone = '';
  if (!opts.includeGone && opts.today) {
    params.push(opts.today);
    gone = ` AND (e.exit_date IS NULL OR e.exit_date >= $${params.length})`;
  }
  const rows = await db.query(
    `SELECT e.id, e.first_name, e.last_name FROM employee e WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND ${vis.sql}${gone} ORDER BY e.last_name, e.first_name, e.id`,
    params,
  );
  return rows.map((r: Record<string, any>) => ({ id: r.id, name: personName(r.first_name, r.last_name) }));
}
