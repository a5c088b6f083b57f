import type { DataSource } from 'typeorm';
import type { PageRequest } from '../../kernel/http/pagination';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { SUPER_ADMIN } from '../../kernel/rights/registry';
import { userInTenant } from '../../kernel/tenancy';

/** Roles that may take over any account of their company (seed 002 section 6). */
export const SWITCH_ROLES = [SUPER_ADMIN, 'admin', 'allowed_to_switch'];

/** The right behind the switch roles. */
const SWITCH_RIGHT = 'other.switch_user';

/** May this user take over other accounts of the company (without a delegation)? */
export function canSwitch(user: AuthUser): boolean {
  return user.roles.some((r) => SWITCH_ROLES.includes(r)) || user.rights.has(SWITCH_RIGHT);
}

/**
 * The rights a switcher brings to the comparison with a target: those of their roles, plus the
 * switch right a switch role gives (`admin` holds every right but that one in the matrix).
 */
function switcherRights(user: AuthUser): string[] {
  return canSwitch(user) ? [...new Set([...user.rights, SWITCH_RIGHT])] : [...user.rights];
}

// Rights of the target's roles that are not in $n (the switcher's): taking over such an account would raise one's own rights.
const beyondSql = (param: string) => `EXISTS (SELECT 1 FROM user_role ur JOIN role_right rr ON rr.role_id = ur.role_id
  WHERE ur.user_id = u.id AND NOT (rr."right" = ANY(${param}::varchar[])))`;

import { todayIso } from '../../kernel/clock';
export { todayIso };

/** A user of the company as the switch and delegation screens show it. */
export interface CompanyUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  superAdmin: boolean;
}

/** A row of the switch screen. */
export interface SwitchTarget extends CompanyUser {
  /** The account holds rights the viewing switcher lacks: it may not be taken over by right. */
  moreRights: boolean;
}

const MEMBER = userInTenant();
const IS_SUPER = `EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = '${SUPER_ADMIN}')`;

function toCompanyUser(r: Record<string, unknown>): CompanyUser {
  return { id: Number(r.id), username: String(r.username), firstName: String(r.first_name ?? ''), lastName: String(r.last_name ?? ''), email: String(r.email ?? ''), superAdmin: !!r.super_admin };
}

/** Display name "Prénom Nom" or the username. */
export function nameOf(u: Pick<CompanyUser, 'firstName' | 'lastName' | 'username'>): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.username;
}

/** Enabled accounts of the company one may switch into: never oneself, super admins only for a super admin. */
export async function listSwitchTargets(db: DataSource, real: AuthUser, q: string, page: PageRequest): Promise<{ rows: SwitchTarget[]; total: number }> {
  const superAdmin = real.roles.includes(SUPER_ADMIN);
  const params: unknown[] = [real.tenantId, real.id, superAdmin];
  let where = `${MEMBER} AND u.enabled AND NOT u.locked AND u.id <> $2 AND ($3 OR NOT ${IS_SUPER})`;
  if (q.trim()) {
    params.push(`%${q.trim().toLowerCase()}%`);
    where += ` AND (lower(u.username) LIKE $4 OR lower(u.email) LIKE $4 OR lower(u.first_name || ' ' || u.last_name) LIKE $4 OR lower(u.last_name || ' ' || u.first_name) LIKE $4)`;
  }
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM app_user u WHERE ${where}`, params);
  let moreRights = 'false';
  if (!superAdmin) {
    params.push(switcherRights(real));
    moreRights = beyondSql(`$${params.length}`);
  }
  const rows = await db.query(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, ${IS_SUPER} AS super_admin, ${moreRights} AS more_rights FROM app_user u WHERE ${where}
      ORDER BY lower(u.last_name), lower(u.first_name), u.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { rows: rows.map((r: Record<string, unknown>) => ({ ...toCompanyUser(r), moreRights: !!r.more_rights })), total: count };
}

/**
 * Does the target hold rights `real` lacks? Then `real` may not take it over by right: a switch
 * never raises one's rights. A super admin holds them all, so this is never true for one.
 */
export async function holdsMoreRights(db: DataSource, real: AuthUser, targetId: number): Promise<boolean> {
  if (real.roles.includes(SUPER_ADMIN)) return false;
  const [r] = await db.query(`SELECT ${beyondSql('$2')} AS more_rights FROM app_user u WHERE u.id = $1`, [targetId, switcherRights(real)]);
  return !!r?.more_rights;
}

/** One account of the company (enabled or not), or null. */
export async function findCompanyUser(db: DataSource, tenantId: number, id: number): Promise<(CompanyUser & { enabled: boolean }) | null> {
  const [r] = await db.query(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.enabled AND NOT u.locked AS enabled, ${IS_SUPER} AS super_admin
       FROM app_user u WHERE u.id = $2 AND ${MEMBER}`, [tenantId, id]);
  return r ? { ...toCompanyUser(r), enabled: !!r.enabled } : null;
}

/** Enabled users of the company other than `exceptId`, for the recipient select. */
export async function listRecipients(db: DataSource, tenantId: number, exceptId: number): Promise<CompanyUser[]> {
  const rows = await db.query(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, ${IS_SUPER} AS super_admin FROM app_user u
      WHERE ${MEMBER} AND u.enabled AND u.id <> $2 ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId, exceptId]);
  return rows.map(toCompanyUser);
}

/** A delegation row as listed. */
export interface DelegationRow {
  id: number;
  delegatorId: number;
  recipientId: number;
  /** The other party's display name (recipient in "mine", delegator in "received"). */
  otherName: string;
  startDate: string;
  endDate: string;
  active: boolean;
}

const isoDate = (v: unknown): string => (v instanceof Date ? todayIso(v) : String(v).slice(0, 10));

function toDelegation(r: Record<string, unknown>, today: string): DelegationRow {
  const startDate = isoDate(r.start_date);
  const endDate = isoDate(r.end_date);
  return {
    id: Number(r.id), delegatorId: Number(r.delegator_id), recipientId: Number(r.recipient_id),
    otherName: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || String(r.username),
    startDate, endDate, active: startDate <= today && today <= endDate,
  };
}

/** Delegations given by `delegatorId` (newest range first). */
export async function listGiven(db: DataSource, tenantId: number, delegatorId: number): Promise<DelegationRow[]> {
  const today = todayIso();
  const rows = await db.query(
    `SELECT d.id, d.delegator_id, d.recipient_id, d.start_date::text AS start_date, d.end_date::text AS end_date, u.username, u.first_name, u.last_name
       FROM user_delegation d JOIN app_user u ON u.id = d.recipient_id
      WHERE d.tenant_id = $1 AND d.delegator_id = $2 ORDER BY d.start_date DESC, d.id DESC`, [tenantId, delegatorId]);
  return rows.map((r: Record<string, unknown>) => toDelegation(r, today));
}

/** Delegations received by `recipientId` that are running today (the accounts they may use now). */
export async function listActiveReceived(db: DataSource, tenantId: number, recipientId: number): Promise<DelegationRow[]> {
  const today = todayIso();
  const rows = await db.query(
    `SELECT d.id, d.delegator_id, d.recipient_id, d.start_date::text AS start_date, d.end_date::text AS end_date, u.username, u.first_name, u.last_name
       FROM user_delegation d JOIN app_user u ON u.id = d.delegator_id
      WHERE d.tenant_id = $1 AND d.recipient_id = $2 AND d.start_date <= $3::date AND d.end_date >= $3::date AND u.enabled AND NOT u.locked
      ORDER BY lower(u.last_name), lower(u.first_name)`, [tenantId, recipientId, today]);
  return rows.map((r: Record<string, unknown>) => toDelegation(r, today));
}

/** The delegation letting `recipientId` use `delegatorId`'s account today, or null. */
export async function activeDelegationId(db: DataSource, tenantId: number, delegatorId: number, recipientId: number): Promise<number | null> {
  const [r] = await db.query(
    `SELECT id FROM user_delegation WHERE tenant_id = $1 AND delegator_id = $2 AND recipient_id = $3
        AND start_date <= $4::date AND end_date >= $4::date ORDER BY id LIMIT 1`, [tenantId, delegatorId, recipientId, todayIso()]);
  return r ? Number(r.id) : null;
}

/** Records a delegation; dates are `YYYY-MM-DD`. */
export async function createDelegation(db: DataSource, tenantId: number, delegatorId: number, recipientId: number, startDate: string, endDate: string): Promise<number> {
  const [r] = await db.query(
    `INSERT INTO user_delegation (tenant_id, delegator_id, recipient_id, start_date, end_date) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [tenantId, delegatorId, recipientId, startDate, endDate]);
  return Number(r.id);
}

/** Removes one of the delegator's own delegations; false when there is none with this id. */
export async function deleteDelegation(db: DataSource, tenantId: number, delegatorId: number, id: number): Promise<boolean> {
  const result = await db.query(`DELETE FROM user_delegation WHERE id = $1 AND tenant_id = $2 AND delegator_id = $3 RETURNING id`, [id, tenantId, delegatorId]);
  const rows = Array.isArray(result[0]) ? result[0] : result;
  return rows.length > 0;
}
