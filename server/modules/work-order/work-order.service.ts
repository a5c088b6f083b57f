import type { EntityManager } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { rowsOf, type Db } from '../../kernel/db/sql';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import { intSetting } from '../../kernel/settings/settings';
import { loadToggles } from '../../kernel/toggles/toggles';
import type { PlanRef } from '../prevention-plan';
import type { WorkOrderInput } from './work-order.schema';
import { workOrderChecks } from './work-order-checks';

/** Subject type of the work order's history rows (kernel history). */
export const WORK_ORDER_SUBJECT = 'work_order';
/** Plan work-site types whose work orders may last `work_order_max_days_specific` days. */
export const SPECIFIC_SITE_TYPES = ['specific', 'technical_stop'];

/** A work order as screens, the PDF and the rules read it. */
export interface WorkOrderRecord {
  id: number;
  tenantId: number;
  planId: number;
  number: string;
  orderNumber: string | null;
  state: string;
  waitingRole: string | null;
  startDate: string;
  endDate: string;
  day: string | null;
  hours: string | null;
  planCompanyId: number | null;
  companyName: string | null;
  contactName: string | null;
  contactUserId: number | null;
  sectorId: number | null;
  sectorName: string | null;
  /** The machine worked on (its label comes from the contributed rules, `workOrderChecks`). */
  machineId: number | null;
  participants: string | null;
  atexZone: string;
  nature: string | null;
  comments: string | null;
  signedFileId: number | null;
  signedFileName: string | null;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  version: number;
  pdpNumber: string;
  planSubject: string;
  planStatus: string;
  orderingCustomerId: number | null;
  orderingCustomerName: string | null;
}

const NAME = (alias: string) => `coalesce(NULLIF(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username)`;

/** The SELECT of a work order with its plan, company, contact, sector and creator. */
const RECORD_SQL = `SELECT w.id, w.tenant_id AS "tenantId", w.plan_id AS "planId", w.number, w.order_number AS "orderNumber", w.state,
    w.waiting_role AS "waitingRole", to_char(w.start_date, 'YYYY-MM-DD') AS "startDate", to_char(w.end_date, 'YYYY-MM-DD') AS "endDate",
    to_char(w.day, 'YYYY-MM-DD') AS day, w.hours, w.plan_company_id AS "planCompanyId", pc.name AS "companyName",
    NULLIF(trim(coalesce(pc.first_name, '') || ' ' || coalesce(pc.last_name, '')), '') AS "contactName", ct.user_id AS "contactUserId",
    w.sector_id AS "sectorId", s.name AS "sectorName", w.machine_id AS "machineId", w.participants, w.atex_zone AS "atexZone", w.nature, w.comments,
    w.signed_file_id AS "signedFileId", f.original_name AS "signedFileName", w.created_by_id AS "createdById", ${NAME('cu')} AS "createdByName",
    w.created_at AS "createdAt", w.version, p.pdp_number AS "pdpNumber", p.subject AS "planSubject", p.status AS "planStatus",
    p.ordering_customer_id AS "orderingCustomerId", ${NAME('oc')} AS "orderingCustomerName"
  FROM work_order w JOIN prevention_plan p ON p.id = w.plan_id
  LEFT JOIN plan_company pc ON pc.id = w.plan_company_id LEFT JOIN contact ct ON ct.id = pc.contact_id
  LEFT JOIN sector s ON s.id = w.sector_id LEFT JOIN stored_file f ON f.id = w.signed_file_id
  LEFT JOIN app_user cu ON cu.id = w.created_by_id LEFT JOIN app_user oc ON oc.id = p.ordering_customer_id`;

/** The work order `id` of the company (its plan not in the trash), or null. */
export async function findWorkOrder(db: Db, tenantId: number, id: number): Promise<WorkOrderRecord | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = rowsOf<WorkOrderRecord>(await db.query(`${RECORD_SQL} WHERE w.id = $1 AND w.tenant_id = $2 AND p.deleted_at IS NULL`, [id, tenantId]));
  return row ?? null;
}

/** Choices of the form for a plan: its outside companies (EE, ST) and the sectors of the company. */
export async function formChoices(db: Db, tenantId: number, planId: number | null): Promise<{ companies: Array<{ id: number; label: string }>; sectors: Array<{ id: number; label: string }> }> {
  const companies = planId == null ? [] : rowsOf<{ id: number; label: string }>(await db.query(
    `SELECT id, name || ' (' || kind || ')' AS label FROM plan_company WHERE tenant_id = $1 AND plan_id = $2 AND kind IN ('EE', 'ST') ORDER BY kind, name`, [tenantId, planId]));
  const sectors = rowsOf<{ id: number; label: string }>(await db.query(
    `SELECT s.id, coalesce(i.name || ' – ', '') || s.name AS label FROM sector s LEFT JOIN hierarchy_item i ON i.id = s.item_id WHERE s.tenant_id = $1 ORDER BY 2`, [tenantId]));
  return { companies, sectors };
}

/** Days from `start` to `end`, both included (`YYYY-MM-DD`). */
export function durationDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The longest a work order of this plan may last: `work_order_max_days`, or the specific one for specific works and technical stops. */
export async function maxDays(db: Db, tenantId: number, planId: number): Promise<number> {
  const [plan] = rowsOf<{ type: string }>(await db.query('SELECT work_site_type AS type FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [planId, tenantId]));
  const code = plan && SPECIFIC_SITE_TYPES.includes(plan.type) ? 'work_order_max_days_specific' : 'work_order_max_days';
  return intSetting(db, tenantId, code);
}

/** May work orders be prepared on the plan now? In operation, or (toggle `work_order_before_validation`) not yet closed. */
export async function planOpenForWorkOrders(db: Db, plan: Pick<PlanRef, 'tenantId' | 'status' | 'archived'>): Promise<boolean> {
  if (plan.archived || plan.status === 'expired') return false;
  if (plan.status === 'in_operation') return true;
  return (await loadToggles(db, plan.tenantId)).work_order_before_validation === true;
}

/**
 * The rules of seed 002 over the plan (French errors by field): the company is one of the plan's
 * outside companies, the sector one of the company's, the machine one of those offered, the dates within the plan's and the
 * duration at most the setting's.
 */
export async function ruleErrors(db: Db, plan: PlanRef, d: WorkOrderInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  if (d.planCompanyId != null) {
    const [c] = await db.query(`SELECT 1 FROM plan_company WHERE id = $1 AND plan_id = $2 AND tenant_id = $3 AND kind IN ('EE', 'ST')`, [d.planCompanyId, plan.id, plan.tenantId]);
    if (!c) errors.planCompanyId = 'validation.choice';
  }
  if (d.sectorId != null) {
    const [s] = await db.query('SELECT 1 FROM sector WHERE id = $1 AND tenant_id = $2', [d.sectorId, plan.tenantId]);
    if (!s) errors.sectorId = 'validation.choice';
  }
  // One of the company's machines offered by the contributed rules (none offered: no machine at all).
  if (d.machineId != null && !(await workOrderChecks.machineChoices(db, plan.tenantId))?.some((m) => m.id === d.machineId)) errors.machineId = 'validation.choice';
  if (d.startDate && d.endDate) {
    if (d.endDate < d.startDate) errors.endDate = 'work-order.validation.end_before_start';
    else {
      const max = await maxDays(db, plan.tenantId, plan.id);
      if (durationDays(d.startDate, d.endDate) > max) errors.endDate = { key: 'work-order.validation.too_long', params: { max } };
    }
    if (plan.startDate && d.startDate < plan.startDate) errors.startDate = { key: 'work-order.validation.before_plan', params: { date: frenchIso(plan.startDate) } };
    if (plan.endDate && d.endDate > plan.endDate && !errors.endDate) errors.endDate = { key: 'work-order.validation.after_plan', params: { date: frenchIso(plan.endDate) } };
  }
  if (d.day && d.startDate && d.endDate && (d.day < d.startDate || d.day > d.endDate)) errors.day = 'work-order.validation.day_outside';
  return errors;
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`. */
export function frenchIso(iso: string | null): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

/** The next display number of the company's work orders of this year: BT-<year>-<0001>. */
async function nextNumber(m: EntityManager, tenantId: number): Promise<string> {
  const year = todayIso().slice(0, 4);
  // Two creations at once would read the same maximum: serialise them per company.
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`work_order_number:${tenantId}`]);
  const [row] = await m.query(
    `SELECT coalesce(max(substring(number from '(\\d+)$')::int), 0) + 1 AS n FROM work_order WHERE tenant_id = $1 AND number LIKE $2`, [tenantId, `BT-${year}-%`]);
  return `BT-${year}-${String(row.n).padStart(4, '0')}`;
}

const COLUMNS = {
  planCompanyId: 'plan_company_id', sectorId: 'sector_id', machineId: 'machine_id', startDate: 'start_date', endDate: 'end_date', day: 'day', hours: 'hours',
  orderNumber: 'order_number', participants: 'participants', atexZone: 'atex_zone', nature: 'nature', comments: 'comments',
} as const;

const valuesOf = (d: WorkOrderInput) => Object.keys(COLUMNS).map((k) => {
  const v = d[k as keyof typeof COLUMNS];
  return v === '' ? null : v;
});

/** Creates a draft work order on the plan, with its history row; returns its id. */
export async function createWorkOrder(db: Db, plan: PlanRef, userId: number, d: WorkOrderInput, signedFileId: number | null): Promise<{ id: number; number: string }> {
  return db.transaction(async (m) => {
    const number = await nextNumber(m, plan.tenantId);
    const cols = Object.values(COLUMNS);
    const params = [plan.tenantId, plan.id, number, userId, signedFileId, ...valuesOf(d)];
    const [row] = await m.query(
      `INSERT INTO work_order (tenant_id, plan_id, number, created_by_id, signed_file_id, ${cols.join(', ')})
       VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, params);
    await recordHistory(m, { tenantId: plan.tenantId, subjectType: WORK_ORDER_SUBJECT, subjectId: row.id, transition: 'created', userId, to: 'draft', workflow: 'work_order' });
    return { id: Number(row.id), number };
  });
}

/** Saves the form on a work order at `version` (optimistic lock); false when someone saved in between. */
export async function updateWorkOrder(db: Db, wo: WorkOrderRecord, userId: number, d: WorkOrderInput, signedFileId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const cols = Object.values(COLUMNS);
    const params: unknown[] = [wo.id, wo.tenantId, d.version, ...valuesOf(d)];
    const sets = cols.map((c, i) => `${c} = $${i + 4}`);
    if (signedFileId != null) { params.push(signedFileId); sets.push(`signed_file_id = $${params.length}`); }
    params.push(clock.now());
    sets.push(`updated_at = $${params.length}`, 'version = version + 1');
    const [rows]: [Array<{ id: number }>, number] = await m.query(
      `UPDATE work_order SET ${sets.join(', ')} WHERE id = $1 AND tenant_id = $2 AND version = $3 AND state = 'draft' RETURNING id`, params);
    if (!rows.length) return false;
    await recordHistory(m, { tenantId: wo.tenantId, subjectType: WORK_ORDER_SUBJECT, subjectId: wo.id, transition: 'edited', userId });
    return true;
  });
}
