import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { recordHistory } from '../../../kernel/history/history.service';
import { rowsOf } from '../../../kernel/db/sql';
import { enqueuePlanCreationMails } from '../core/plan-creation-mail';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';
import { nextNumber, PLAN_HISTORY_SUBJECT } from '../core/prevention-plan.service';

/** Labels of the history rows written by duplicate and renew. */
export const ACTIONS_HISTORY_LABELS: Record<string, string> = {
  duplicate: 'plan-actions.history.duplicate',
  duplicated: 'plan-actions.history.duplicated',
  renew: 'plan-actions.history.renew',
  renewed: 'plan-actions.history.renewed',
};

/**
 * The plan's own columns a copy takes over. Listed by hand on purpose: the number, the state,
 * the signing round, the archive flag, the external and paper-signed files and the timestamps
 * belong to the original (and columns other parts add later are not copied by surprise).
 */
const COPIED_COLUMNS = [
  'subject', 'ordering_customer_id', 'hierarchy_item_id', 'is_punctual', 'frequency', 'is_external', 'host_tiers_id', 'intervention_address',
  'is_mm_model', 'start_date', 'end_date', 'information_job_inspection_date', 'planned_start_time', 'planned_end_time', 'service_id', 'sector_id',
  'sector_precision', 'description_sector', 'participants', 'procedures', 'description', 'order_number', 'comments', 'work_site_type',
  'production_stop', 'maximum_staff', 'hours_worked', 'equipment', 'prerun_inspection_date', 'prerun_inspection_time', 'installation_available',
  'meeting_point', 'labour_inspection_id', 'occupational_medicine_id', 'assembly_points', 'emergency_numbers',
] as const;

/** Columns of a company on a plan that a copy takes over (`parent_id` is mapped to the copied parent). */
const COMPANY_COLUMNS = [
  'kind', 'tiers_id', 'name', 'director', 'substitutes', 'tiers_address_id', 'address_name', 'address', 'zip_code', 'city', 'country',
  'contact_id', 'last_name', 'first_name', 'phone', 'mobile', 'email',
] as const;

/** Columns of a staff member that a renewal takes over (`plan_company_id` is mapped). */
const STAFF_COLUMNS = ['contact_id', 'user_id', 'last_name', 'first_name', 'qualification', 'external'] as const;


/** What a copy changes besides the number and the state. */
interface CopyOptions {
  /** Plan columns set instead of the original's (`start_date` ...). */
  overrides?: Partial<Record<(typeof COPIED_COLUMNS)[number], unknown>>;
  /** Staff members come along (renewal); a duplicate leaves them out. */
  withStaff: boolean;
}

/** A new plan made from another one. */
export interface CopiedPlan { id: number; pdpNumber: string }

/**
 * Copies plan `sourceId` into a new draft of the same tenant, in the caller's transaction: the
 * plan's fields, substitutes, further entities, work types, rescue workers who still hold
 * `pdp.rescue_worker`, companies (subcontractors under their copied parent), material, medical
 * supervision works, joint-inspection participants and advice; with `withStaff`, the staff too.
 * Signatures, history, amendments, documents, the external and signed files are never copied.
 */
async function copyPlan(m: EntityManager, tenantId: number, userId: number, sourceId: number, opts: CopyOptions): Promise<CopiedPlan> {
  const pdpNumber = await nextNumber(m, tenantId);
  const now = clock.now();
  const overrides = opts.overrides ?? {};
  const params: unknown[] = [sourceId, tenantId, pdpNumber, userId, now];
  const selected = COPIED_COLUMNS.map((c) => {
    if (!(c in overrides)) return `p.${c}`;
    params.push(overrides[c]);
    // A parameter in a SELECT list has no type of its own: cast it to the column's.
    return `$${params.length}::${c.endsWith('_time') ? 'time' : c.endsWith('_date') ? 'date' : 'text'}`;
  });
  const [plan] = await m.query(
    `INSERT INTO prevention_plan (tenant_id, pdp_number, status, archived, created_by_id, created_at, updated_at, ${COPIED_COLUMNS.join(', ')})
     SELECT p.tenant_id, $3, 'draft', false, $4, $5, $5, ${selected.join(', ')}
       FROM prevention_plan p WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL RETURNING id`, params);
  if (!plan) throw new Error(`Plan ${sourceId} introuvable pour la copie`);
  const id = Number(plan.id);
  // Rows with an id keep their order (the tabs list them by id).
  const copyRows = (table: string, columns: string, extra: { where?: string; ordered?: boolean } = {}) => m.query(
    `INSERT INTO ${table} (plan_id, tenant_id, ${columns}) SELECT $3, tenant_id, ${columns} FROM ${table}
      WHERE plan_id = $1 AND tenant_id = $2 ${extra.where ?? ''} ${extra.ordered ? 'ORDER BY id' : ''}`,
    [sourceId, tenantId, id]);
  await copyRows('plan_substitute', 'user_id');
  await copyRows('plan_hierarchy_item', 'hierarchy_item_id');
  await copyRows('plan_work_type', 'work_type_id');
  // A rescue worker who lost the right (or was disabled) stays on the old plan only: the new one names them anew.
  await copyRows('plan_rescue_worker', 'user_id',
    { where: `AND user_id IN (SELECT u.id FROM app_user u WHERE u.enabled AND ${holdsRightSql('u', '$2', 'pdp.rescue_worker')})` });
  await copyRows('plan_material', 'type, check_date, serial_number, file_id, created_at', { ordered: true });
  await copyRows('plan_medical_work', 'name, type, companies, number, created_at', { ordered: true });
  await copyRows('plan_inspection_participant', 'kind, user_id, name, created_at', { ordered: true });
  await copyRows('plan_advice', 'author_id, kind, content, created_at', { ordered: true });
  const companyIds = await copyCompanies(m, tenantId, sourceId, id);
  if (opts.withStaff) {
    const staff: Array<Record<string, unknown>> = await m.query(
      `SELECT plan_company_id, ${STAFF_COLUMNS.join(', ')} FROM plan_staff WHERE plan_id = $1 AND tenant_id = $2 ORDER BY id`, [sourceId, tenantId]);
    for (const s of staff) {
      const companyId = companyIds.get(Number(s.plan_company_id));
      if (companyId == null) continue;
      await m.query(
        `INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, ${STAFF_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, ${STAFF_COLUMNS.map((_, i) => `$${i + 4}`).join(', ')})`,
        [tenantId, id, companyId, ...STAFF_COLUMNS.map((c) => s[c])]);
    }
  }
  await enqueuePlanCreationMails(m, { tenantId, planId: id, creatorId: userId });
  return { id, pdpNumber };
}

/** Copies the companies of a plan, parents before their subcontractors; returns old id -> new id. */
async function copyCompanies(m: EntityManager, tenantId: number, sourceId: number, targetId: number): Promise<Map<number, number>> {
  const rows: Array<Record<string, unknown>> = await m.query(
    `SELECT id, parent_id, ${COMPANY_COLUMNS.join(', ')} FROM plan_company WHERE plan_id = $1 AND tenant_id = $2 ORDER BY id`, [sourceId, tenantId]);
  const mapped = new Map<number, number>();
  let pending = rows;
  // A subcontractor may hang under another subcontractor: copy in passes until every parent exists.
  while (pending.length) {
    const next: typeof rows = [];
    for (const r of pending) {
      const parent = r.parent_id == null ? null : mapped.get(Number(r.parent_id));
      if (r.parent_id != null && parent == null) { next.push(r); continue; }
      const [row] = await m.query(
        `INSERT INTO plan_company (tenant_id, plan_id, parent_id, ${COMPANY_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, ${COMPANY_COLUMNS.map((_, i) => `$${i + 4}`).join(', ')}) RETURNING id`,
        [tenantId, targetId, parent, ...COMPANY_COLUMNS.map((c) => r[c])]);
      mapped.set(Number(r.id), Number(row.id));
    }
    if (next.length === pending.length) break; // a parent outside the plan: never expected, never loop forever
    pending = next;
  }
  return mapped;
}

/** Duplicates a plan into a new draft (no staff, no signatures); history rows on both plans. */
export async function duplicatePlan(db: DataSource, tenantId: number, userId: number, source: { id: number; pdpNumber: string }): Promise<CopiedPlan> {
  return db.transaction(async (m) => {
    const copy = await copyPlan(m, tenantId, userId, source.id, { withStaff: false });
    await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: copy.id, userId, transition: 'duplicate', comment: source.pdpNumber });
    await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: source.id, userId, transition: 'duplicated', comment: copy.pdpNumber });
    return copy;
  });
}

/** `YYYY-MM-DD` plus `days`. */
export function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (`YYYY-MM-DD`). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The period of the renewal of a plan running from `start` to `end`: it starts the day after
 * the end and lasts as long (same number of days). Null when the plan has no complete period.
 */
export function renewalPeriod(start: string | null, end: string | null): { start: string; end: string } | null {
  if (!start || !end || end < start) return null;
  const newStart = addDaysIso(end, 1);
  return { start: newStart, end: addDaysIso(newStart, daysBetween(start, end)) };
}

/** Outcome of a renewal: the new plan, or why there is none. */
export type RenewResult = { ok: true; plan: CopiedPlan; archivedOld: boolean } | { ok: false; reason: 'no_period' };

/**
 * Renews a plan: a copy with its staff, over the following period of the same length; the prior
 * joint inspection and the labour-inspectorate information are to be done again (left empty, the
 * plan's completeness asks for them). The old plan is archived when it has expired.
 */
export async function renewPlan(db: DataSource, tenantId: number, userId: number, source: { id: number; pdpNumber: string; startDate: string | null; endDate: string | null }): Promise<RenewResult> {
  const period = renewalPeriod(source.startDate, source.endDate);
  if (!period) return { ok: false, reason: 'no_period' };
  return db.transaction(async (m) => {
    const copy = await copyPlan(m, tenantId, userId, source.id, {
      withStaff: true,
      overrides: {
        start_date: period.start, end_date: period.end,
        information_job_inspection_date: null, prerun_inspection_date: null, prerun_inspection_time: null,
      },
    });
    await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: copy.id, userId, transition: 'renew', comment: source.pdpNumber });
    await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: source.id, userId, transition: 'renewed', comment: copy.pdpNumber });
    const archived = rowsOf(await m.query(
      `UPDATE prevention_plan SET archived = true, version = version + 1, updated_at = $3
        WHERE id = $1 AND tenant_id = $2 AND status = 'expired' AND NOT archived RETURNING id`, [source.id, tenantId, clock.now()]));
    if (archived.length) await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: source.id, userId, transition: 'archive' });
    return { ok: true, plan: copy, archivedOld: archived.length > 0 } as const;
  });
}
