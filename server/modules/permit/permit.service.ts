import type { EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { rowsOf, type Db } from '../../kernel/db/sql';
import type { FieldError } from '../../kernel/http/forms';
import { userInTenant } from '../../kernel/tenancy';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { loadScope, type ActionScope } from '../action-plan/action-scope';
import { planOutsideWorkers, visibleSql, type PlanRef } from '../prevention-plan';
import { recordHistory } from '../../kernel/history/history.service';
import { PERMIT_REF_COLUMNS, type PermitRef } from './permit.access';
import { toIsoDate } from '../action-plan/action-plan.schema';
import { parisInstant } from '../../kernel/clock';
import type { PermitInput } from './permit.schema';
import { permitChecks } from './permit-checks';
import { PERMIT_STEPS, PERMIT_TYPES, permitType, type PermitStep, type PermitTypeDef } from './permit-types';

/** History subject of permits. */
export const PERMIT_HISTORY_SUBJECT = 'permit';

const NAME_SQL = (a: string) => `coalesce(NULLIF(trim(coalesce(${a}.last_name, '') || ' ' || coalesce(${a}.first_name, '')), ''), ${a}.username)`;

/** A person of a permit (a user account or a name). */
export interface PermitPersonRow { role: string; userId: number | null; planStaffId: number | null; name: string }
/** A done step. */
export interface PermitStepDone { step: PermitStep; doneAt: Date; doneByName: string | null; comment: string | null; questionnaireId: number | null }
/** A signature of a permit. */
export interface PermitSignatureRow { id: number; step: PermitStep; signerName: string; signerQuality: string | null; image: string; signedAt: Date; userId: number | null }

/** A permit as its page, PDF and lists show it. */
export interface PermitRecord extends PermitRef {
  planNumber: string | null;
  planSubject: string | null;
  orderingCustomerName: string | null;
  sectorName: string | null;
  workOrderNumber: string | null;
  managerName: string | null;
  persons: PermitPersonRow[];
  steps: PermitStepDone[];
  signatures: PermitSignatureRow[];
}

/** The steps of `type` not done yet, in order; the first is the one to do next. */
export function remainingSteps(type: PermitTypeDef, done: readonly string[]): PermitStep[] {
  return type.steps.filter((s) => !done.includes(s));
}

/** The state once `step` is done: closed after the last step, post_work after `after`, in_progress after `before`. */
export function stateAfter(type: PermitTypeDef, step: PermitStep): string {
  if (type.steps[type.steps.length - 1] === step) return 'closed';
  return step === 'before' ? 'in_progress' : 'post_work';
}

/** Is the fire permit's two-hour check overdue (after-work check done, last check due and not done)? */
export function isLate(p: Pick<PermitRef, 'state' | 'lastCheckDueAt'>, now: Date = clock.now()): boolean {
  return p.state === 'post_work' && p.lastCheckDueAt != null && new Date(p.lastCheckDueAt).getTime() < now.getTime();
}

/** The permit `id` with everything its page shows, or null. */
export async function findPermit(db: Db, tenantId: number, id: number): Promise<PermitRecord | null> {
  const [row] = rowsOf<PermitRecord>(await db.query(
    `SELECT ${PERMIT_REF_COLUMNS}, pp.pdp_number AS "planNumber", pp.subject AS "planSubject", ${NAME_SQL('oc')} AS "orderingCustomerName",
            s.name AS "sectorName", wo.number AS "workOrderNumber", ${NAME_SQL('m')} AS "managerName"
       FROM permit p LEFT JOIN prevention_plan pp ON pp.id = p.plan_id LEFT JOIN app_user oc ON oc.id = pp.ordering_customer_id
       LEFT JOIN sector s ON s.id = p.sector_id LEFT JOIN work_order wo ON wo.id = p.work_order_id LEFT JOIN app_user m ON m.id = p.manager_id
      WHERE p.id = $1 AND p.tenant_id = $2`, [id, tenantId]));
  if (!row) return null;
  row.persons = rowsOf<PermitPersonRow>(await db.query(
    'SELECT role, user_id AS "userId", plan_staff_id AS "planStaffId", name FROM permit_person WHERE permit_id = $1 AND tenant_id = $2 ORDER BY id', [id, tenantId]));
  const order = (s: string) => PERMIT_STEPS.indexOf(s as PermitStep);
  row.steps = rowsOf<PermitStepDone>(await db.query(
    `SELECT st.step, st.done_at AS "doneAt", ${NAME_SQL('u')} AS "doneByName", st.comment, st.questionnaire_id AS "questionnaireId"
       FROM permit_step st LEFT JOIN app_user u ON u.id = st.done_by_id WHERE st.permit_id = $1 AND st.tenant_id = $2`, [id, tenantId]))
    .sort((a, b) => order(a.step) - order(b.step));
  row.signatures = await listSignatures(db, tenantId, id);
  return row;
}

/** The signatures of a permit, by step then date. */
export async function listSignatures(db: Db, tenantId: number, permitId: number): Promise<PermitSignatureRow[]> {
  const order = (s: string) => PERMIT_STEPS.indexOf(s as PermitStep);
  return rowsOf<PermitSignatureRow>(await db.query(
    `SELECT id, step, signer_name AS "signerName", signer_quality AS "signerQuality", image, signed_at AS "signedAt", user_id AS "userId"
       FROM permit_signature WHERE permit_id = $1 AND tenant_id = $2 ORDER BY signed_at, id`, [permitId, tenantId]))
    .sort((a, b) => order(a.step) - order(b.step));
}

/** A row of a permit list. */
export interface PermitListRow {
  id: number; type: string; number: string; state: string; description: string; startAt: Date; endAt: Date;
  lastCheckDueAt: Date | null; planId: number | null; planNumber: string | null; managerName: string | null; sectorName: string | null; late: boolean;
  /** The name of its type's page route (`type.routes.show`). */
  showRoute: string;
}

const LIST_SELECT = `SELECT p.id, p.type, p.number, p.state, p.description, p.start_at AS "startAt", p.end_at AS "endAt", p.last_check_due_at AS "lastCheckDueAt",
    p.plan_id AS "planId", pp.pdp_number AS "planNumber", ${NAME_SQL('m')} AS "managerName", s.name AS "sectorName"
  FROM permit p LEFT JOIN prevention_plan pp ON pp.id = p.plan_id LEFT JOIN app_user m ON m.id = p.manager_id LEFT JOIN sector s ON s.id = p.sector_id`;

const withLate = (rows: PermitListRow[]) => { const now = clock.now(); return rows.map((r) => ({ ...r, late: isLate(r, now), showRoute: typeOf(r.type).routes.show })); };

/** The permits of `types` on a plan, newest start first. */
export async function listPlanPermits(db: Db, tenantId: number, planId: number, types: string[]): Promise<PermitListRow[]> {
  return withLate(rowsOf<PermitListRow>(await db.query(
    `${LIST_SELECT} WHERE p.tenant_id = $1 AND p.plan_id = $2 AND p.type = ANY($3::varchar[]) ORDER BY p.start_at DESC, p.id DESC`, [tenantId, planId, types])));
}

/** Filters of the fire permit list. */
export interface PermitListFilter { state: string; late: boolean; q: string }

/** Who looks at permits across plans (lists, indicators). */
export interface PermitViewer { user: AuthUser; scope: ActionScope }

/**
 * SQL condition on the permit alias `p`: a permit of a plan the user sees (the plan list's own
 * rule, `visibleSql`), or a permit outside plans when he holds `pdp.view_fire_permits`.
 */
export function visiblePermitSql(v: PermitViewer, params: unknown[]): string {
  const outside = can(v.user, 'pdp.view_fire_permits') ? 'TRUE' : 'FALSE';
  return `((p.plan_id IS NULL AND ${outside}) OR p.plan_id IN (SELECT p.id FROM prevention_plan p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND ${visibleSql(v.user, v.scope, params)}))`;
}

/** One page of the fire permits the user sees matching `filter`, newest start first. */
export async function listFirePermits(db: Db, v: PermitViewer, filter: PermitListFilter, page: { perPage: number; offset: number }): Promise<{ rows: PermitListRow[]; total: number }> {
  const params: unknown[] = [v.user.tenantId];
  const where = ["p.tenant_id = $1", "p.type = 'fire'", visiblePermitSql(v, params)];
  const add = (sql: (n: string) => string, value: unknown) => { params.push(value); where.push(sql(`$${params.length}`)); };
  if (filter.state) add((n) => `p.state = ${n}`, filter.state);
  if (filter.late) add((n) => `p.state = 'post_work' AND p.last_check_due_at < ${n}`, clock.now());
  if (filter.q) add((n) => `(p.number ILIKE ${n} OR p.description ILIKE ${n} OR pp.pdp_number ILIKE ${n})`, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const sql = `${LIST_SELECT} WHERE ${where.join(' AND ')}`;
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM (${sql}) x`, params);
  const rows = rowsOf<PermitListRow>(await db.query(`${sql} ORDER BY p.start_at DESC, p.id DESC LIMIT ${Number(page.perPage)} OFFSET ${Number(page.offset)}`, params));
  return { rows: withLate(rows), total };
}

/**
 * The permits of every type naming a machine that `user` sees, by {@link resolvePermit}'s rule (a
 * permit of a plan he sees; outside plans, a type shown there with `pdp.view_fire_permits`), newest
 * start first, at most `limit`, with their total; null when he may not see permits (no `pdp.view`,
 * or the prevention plan module off: `toggles` are the request's). For the lockout module's machine page.
 */
export async function permitsOfMachine(db: Db, user: AuthUser, toggles: Record<string, boolean> | undefined, machineId: number, limit = 20): Promise<{ rows: PermitListRow[]; total: number } | null> {
  if (!can(user, 'pdp.view') || toggles?.module_prevention_plan === false) return null;
  const outsideTypes = can(user, 'pdp.view_fire_permits') ? PERMIT_TYPES.filter((t) => t.outsidePlans).map((t) => t.key) : [];
  const params: unknown[] = [user.tenantId, machineId, outsideTypes];
  const seen = `((p.plan_id IS NULL AND p.type = ANY($3::varchar[]))
    OR p.plan_id IN (SELECT p.id FROM prevention_plan p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND ${visibleSql(user, await loadScope(db, user), params)}))`;
  const where = `p.tenant_id = $1 AND p.machine_id = $2 AND ${seen}`;
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM permit p WHERE ${where}`, params);
  const rows = rowsOf<PermitListRow>(await db.query(`${LIST_SELECT} WHERE ${where} ORDER BY p.start_at DESC, p.id DESC LIMIT ${Number(limit)}`, params));
  return { rows: withLate(rows), total };
}

/** The next number of a type in the company: `PF-2026-0001`. */
async function nextNumber(m: EntityManager, tenantId: number, type: PermitTypeDef): Promise<string> {
  const prefix = `${type.numberPrefix}-${clock.now().getUTCFullYear()}-`;
  const [row] = await m.query(
    `SELECT coalesce(max(substring(number from length($2) + 1)::int), 0) + 1 AS n FROM permit WHERE tenant_id = $1 AND number LIKE $2 || '%' AND substring(number from length($2) + 1) ~ '^\\d+$'`,
    [tenantId, prefix]);
  return `${prefix}${String(row.n).padStart(4, '0')}`;
}

/**
 * The choices of the permit form: users, the plan's outside workers (by company), sectors (of the
 * plan's site when there is one, plus those of the plan's work orders) and the plan's work orders
 * with their sector, and the machines the rules before validation offer (`permitChecks`; null: none).
 */
export async function permitChoices(db: Db, tenantId: number, plan: PlanRef | null, keep: { sectorId?: number | null } = {}) {
  // null when no module offers machines: the « Machine » field is not drawn.
  const machines = await permitChecks.machineChoices(db, tenantId);
  const users = rowsOf<{ id: number; label: string }>(await db.query(
    `SELECT u.id, ${NAME_SQL('u')} AS label FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY 2`, [tenantId]));
  const sectors = rowsOf<{ id: number; label: string }>(await db.query(
    `SELECT s.id, coalesce(i.name || ' – ', '') || s.name AS label FROM sector s LEFT JOIN hierarchy_item i ON i.id = s.item_id
      WHERE s.tenant_id = $1 AND ($2::int IS NULL OR s.item_id = $2 OR s.id = $3
        OR s.id IN (SELECT wo.sector_id FROM work_order wo WHERE wo.tenant_id = $1 AND wo.plan_id = $4)) ORDER BY 2`,
    [tenantId, plan?.hierarchyItemId ?? null, keep.sectorId ?? null, plan?.id ?? null]));
  const workOrders = plan ? rowsOf<{ id: number; label: string; sectorId: number | null }>(await db.query(
    'SELECT id, number AS label, sector_id AS "sectorId" FROM work_order WHERE tenant_id = $1 AND plan_id = $2 ORDER BY start_date DESC, id DESC', [tenantId, plan.id])) : [];
  const outsideWorkers = plan ? await planOutsideWorkers(db, tenantId, plan.id) : [];
  return { users, outsideWorkers, sectors, workOrders, machines };
}

/** The typed values of the form for an existing permit (dates in Paris time). */
export function formValues(p: PermitRecord): Record<string, unknown> {
  const fmt = (d: Date) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(d)).map((x) => [x.type, x.value]));
    return { day: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
  };
  const s = fmt(p.startAt); const e = fmt(p.endAt);
  const ids = (role: string) => p.persons.filter((x) => x.role === role && x.userId != null).map((x) => String(x.userId));
  const staff = (role: string) => p.persons.filter((x) => x.role === role && x.userId == null && x.planStaffId != null).map((x) => String(x.planStaffId));
  const names = (role: string) => p.persons.filter((x) => x.role === role && x.userId == null && x.planStaffId == null).map((x) => x.name).join('\n');
  return {
    description: p.description, startDate: s.day, startTime: s.time, endDate: e.day, endTime: e.time,
    sectorId: p.sectorId ?? '', machineId: p.machineId ?? '', workOrderId: p.workOrderId ?? '', managerId: p.managerId ?? '',
    supervisorIds: ids('supervisor'), supervisorStaffIds: staff('supervisor'), supervisorNames: names('supervisor'),
    workerIds: ids('worker'), workerStaffIds: staff('worker'), workerNames: names('worker'),
    postSupervisorIds: ids('post_supervisor'), postSupervisorStaffIds: staff('post_supervisor'), postSupervisorNames: names('post_supervisor'), version: p.version,
  };
}

type Checked = { ok: true; startAt: Date; endAt: Date; sectorId: number | null } | { ok: false; errors: Record<string, FieldError> };

/**
 * The rules beyond the form's types: end after start, within the plan's dates, references of the
 * company and of the plan (a sector of the plan's site or of its work orders; `keepSectorId`, the
 * permit's current sector, stays allowed; outside workers of the plan's companies; a machine
 * among those offered). A permit of a
 * work order left without a sector takes the work order's (`sectorId` of the result).
 */
export async function checkPermit(db: Db, tenantId: number, plan: PlanRef | null, input: PermitInput, keepSectorId: number | null = null): Promise<Checked> {
  const errors: Record<string, FieldError> = {};
  const startDay = toIsoDate(input.startDate)!;
  const endDay = toIsoDate(input.endDate)!;
  const startAt = parisInstant(startDay, input.startTime);
  const endAt = parisInstant(endDay, input.endTime);
  const fr = (iso: string | null) => (iso ?? '').split('-').reverse().join('/');
  if (endAt.getTime() < startAt.getTime()) errors.endDate = 'permit.validation.end_before_start';
  const outside = { key: 'permit.validation.outside_plan', params: { start: fr(plan?.startDate ?? null), end: fr(plan?.endDate ?? null) } };
  if (plan?.startDate && startDay < plan.startDate) errors.startDate = outside;
  if (plan?.endDate && endDay > plan.endDate) errors.endDate = outside;
  const choices = await permitChoices(db, tenantId, plan, { sectorId: keepSectorId });
  const userIds = new Set(choices.users.map((u) => Number(u.id)));
  if (input.sectorId != null && !choices.sectors.some((s) => Number(s.id) === input.sectorId)) errors.sectorId = 'validation.invalid';
  if (input.machineId != null && !choices.machines?.some((m) => m.id === input.machineId)) errors.machineId = 'validation.invalid';
  if (input.workOrderId != null && !choices.workOrders.some((w) => Number(w.id) === input.workOrderId)) errors.workOrderId = 'permit.validation.work_order';
  if (input.managerId != null && !userIds.has(input.managerId)) errors.managerId = 'validation.invalid';
  for (const f of ['supervisorIds', 'workerIds', 'postSupervisorIds'] as const) if (input[f].some((id) => !userIds.has(id))) errors[f] = 'validation.invalid';
  const staffIds = new Set(choices.outsideWorkers.map((w) => w.id));
  for (const f of ['supervisorStaffIds', 'workerStaffIds', 'postSupervisorStaffIds'] as const) if (input[f].some((id) => !staffIds.has(id))) errors[f] = 'validation.invalid';
  const workOrder = choices.workOrders.find((w) => Number(w.id) === input.workOrderId);
  const sectorId = input.sectorId ?? (workOrder?.sectorId == null ? null : Number(workOrder.sectorId));
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, startAt, endAt, sectorId };
}

/** Rows returned by an `UPDATE ... RETURNING` (TypeORM answers `[rows, count]` on PostgreSQL). */
function updatedRows(res: unknown): number {
  if (Array.isArray(res) && Array.isArray(res[0])) return res[0].length;
  return Array.isArray(res) ? res.length : 0;
}

async function writePersons(m: EntityManager, tenantId: number, permitId: number, input: PermitInput): Promise<void> {
  await m.query('DELETE FROM permit_person WHERE permit_id = $1 AND tenant_id = $2', [permitId, tenantId]);
  const groups: Array<[string, number[], number[], string[]]> = [
    ['supervisor', input.supervisorIds, input.supervisorStaffIds, input.supervisorNames], ['worker', input.workerIds, input.workerStaffIds, input.workerNames],
    ['post_supervisor', input.postSupervisorIds, input.postSupervisorStaffIds, input.postSupervisorNames],
  ];
  for (const [role, ids, staffIds, names] of groups) {
    for (const id of ids) {
      await m.query(`INSERT INTO permit_person (tenant_id, permit_id, role, user_id, name) SELECT $1, $2, $3, u.id, ${NAME_SQL('u')} FROM app_user u WHERE u.id = $4`, [tenantId, permitId, role, id]);
    }
    // Outside workers keep their name and company as chosen, like the plan's staff list shows them.
    for (const id of staffIds) {
      await m.query(
        `INSERT INTO permit_person (tenant_id, permit_id, role, plan_staff_id, name)
         SELECT $1, $2, $3, s.id, left(trim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')) || ' (' || c.name || ')', 255)
           FROM plan_staff s JOIN plan_company c ON c.id = s.plan_company_id WHERE s.id = $4 AND s.tenant_id = $1`, [tenantId, permitId, role, id]);
    }
    for (const name of names) await m.query('INSERT INTO permit_person (tenant_id, permit_id, role, user_id, name) VALUES ($1, $2, $3, NULL, $4)', [tenantId, permitId, role, name]);
  }
}

/** Creates a draft permit of `type`; returns its id and number. */
export async function createPermit(db: Db, a: { tenantId: number; userId: number; type: PermitTypeDef; planId: number | null; input: PermitInput; startAt: Date; endAt: Date; sectorId: number | null }): Promise<{ id: number; number: string }> {
  return db.transaction(async (m) => {
    const number = await nextNumber(m, a.tenantId, a.type);
    const i = a.input;
    const [row] = await m.query(
      `INSERT INTO permit (tenant_id, type, number, state, plan_id, work_order_id, description, start_at, end_at, sector_id, manager_id, created_by_id, machine_id)
       VALUES ($1, $2, $3, 'draft', $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [a.tenantId, a.type.key, number, a.planId, i.workOrderId, i.description, a.startAt, a.endAt, a.sectorId, i.managerId, a.userId, i.machineId]);
    await writePersons(m, a.tenantId, row.id, i);
    await recordHistory(m, { tenantId: a.tenantId, subjectType: PERMIT_HISTORY_SUBJECT, subjectId: row.id, userId: a.userId, transition: 'create', to: 'draft', comment: number });
    return { id: Number(row.id), number };
  });
}

/** Saves the fields of a permit (optimistic lock): false when someone saved it meanwhile. */
export async function updatePermit(db: Db, a: { tenantId: number; userId: number; id: number; input: PermitInput; startAt: Date; endAt: Date; sectorId: number | null }): Promise<boolean> {
  return db.transaction(async (m) => {
    const i = a.input;
    const res = await m.query(
      `UPDATE permit SET work_order_id = $3, description = $4, start_at = $5, end_at = $6, sector_id = $7, manager_id = $8, machine_id = $10, version = version + 1, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND version = $9 AND state <> 'closed' RETURNING id`,
      [a.id, a.tenantId, i.workOrderId, i.description, a.startAt, a.endAt, a.sectorId, i.managerId, i.version, i.machineId]);
    if (!updatedRows(res)) return false;
    await writePersons(m, a.tenantId, a.id, i);
    await recordHistory(m, { tenantId: a.tenantId, subjectType: PERMIT_HISTORY_SUBJECT, subjectId: a.id, userId: a.userId, transition: 'edit' });
    return true;
  });
}

/** Any permit type's definition by its key (throws on an unknown stored type: a data bug). */
export function typeOf(key: string): PermitTypeDef {
  const t = permitType(key);
  if (!t) throw new Error(`unknown permit type: ${key}`);
  return t;
}
