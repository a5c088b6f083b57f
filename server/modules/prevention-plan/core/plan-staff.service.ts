import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../../kernel/http/forms';
import { recordHistory } from '../../../kernel/history/history.service';
import { createContact, listTiersContacts, type TiersContactRow } from '../../crm/crm-lookup.service';
import { amendForStaffChange, staffChangeReason } from './plan-amendment.service';
import type { PlanRef } from './plan-ref';
import { PLAN_HISTORY_SUBJECT, type PlanCompanyRow } from './plan-company.service';
import type { ExternalStaffInput, StaffAddInput, StaffCreateInput } from './plan-staff.schema';
import { userInTenant } from '../../../kernel/tenancy';

type Db = DataSource | EntityManager;

/** One staff member of a plan as the staff tab shows him. */
export interface PlanStaffRow {
  id: number;
  planId: number;
  planCompanyId: number;
  contactId: number | null;
  userId: number | null;
  lastName: string;
  firstName: string | null;
  qualification: string | null;
  external: boolean;
  /** "Prénom Nom" of the linked user account, when there is one. */
  userName: string | null;
  /** The linked user has saved a signature (used when the plan is signed). */
  hasSignature: boolean;
}

const COLUMNS = `s.id, s.plan_id AS "planId", s.plan_company_id AS "planCompanyId", s.contact_id AS "contactId", s.user_id AS "userId",
  s.last_name AS "lastName", s.first_name AS "firstName", s.qualification, s.external,
  NULLIF(trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')), '') AS "userName",
  (us.id IS NOT NULL) AS "hasSignature"`;
const FROM = `FROM plan_staff s
  LEFT JOIN app_user u ON u.id = s.user_id
  LEFT JOIN user_signature us ON us.user_id = s.user_id AND us.tenant_id = s.tenant_id`;

/** The staff members of a plan, by company then name. */
export async function listPlanStaff(db: Db, tenantId: number, planId: number): Promise<PlanStaffRow[]> {
  return db.query(`SELECT ${COLUMNS} ${FROM} WHERE s.tenant_id = $1 AND s.plan_id = $2 ORDER BY s.plan_company_id, lower(s.last_name), lower(COALESCE(s.first_name, '')), s.id`, [tenantId, planId]);
}

/** One staff member of the tenant, or null. */
export async function findPlanStaff(db: Db, tenantId: number, id: number): Promise<PlanStaffRow | null> {
  if (!Number.isSafeInteger(id)) return null;
  const rows: PlanStaffRow[] = await db.query(`SELECT ${COLUMNS} ${FROM} WHERE s.tenant_id = $1 AND s.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

/** The contacts of the company's CRM company that are not yet staff of this company on the plan. */
export async function availableContacts(db: Db, tenantId: number, company: PlanCompanyRow): Promise<TiersContactRow[]> {
  if (company.tiersId == null) return [];
  const taken: Array<{ id: number }> = await db.query('SELECT contact_id AS id FROM plan_staff WHERE tenant_id = $1 AND plan_company_id = $2 AND contact_id IS NOT NULL', [tenantId, company.id]);
  const ids = new Set(taken.map((r) => Number(r.id)));
  return (await listTiersContacts(db, tenantId, company.tiersId)).filter((c) => !ids.has(c.id));
}

/** Active users of the tenant not yet staff of this company (the user company's people). */
export async function availableUsers(db: Db, tenantId: number, company: PlanCompanyRow): Promise<Array<{ id: number; label: string; lastName: string; firstName: string }>> {
  const rows: Array<{ id: number; first_name: string | null; last_name: string | null; username: string }> = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE u.enabled = true
        AND ${userInTenant('u', '$1')}
        AND NOT EXISTS (SELECT 1 FROM plan_staff s WHERE s.tenant_id = $1 AND s.plan_company_id = $2 AND s.user_id = u.id)
      ORDER BY lower(COALESCE(u.last_name, u.username)), lower(COALESCE(u.first_name, '')), u.id`, [tenantId, company.id]);
  return rows.map((r) => ({
    id: r.id, lastName: r.last_name || r.username, firstName: r.first_name ?? '',
    label: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username,
  }));
}

/** The CRM functions (qualifications) of the tenant, for the create form. */
export async function functionOptions(db: Db, tenantId: number): Promise<Array<{ id: number; name: string }>> {
  return db.query('SELECT id, name FROM crm_function WHERE tenant_id = $1 ORDER BY lower(name), id', [tenantId]);
}

/** Outcome of adding a staff member. */
export type StaffResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> };

const personName = (first: string | null | undefined, last: string) => `${first ?? ''} ${last}`.trim();

/** Inserts one staff row of a company of the plan (the caller writes the history). */
export async function insertStaff(m: EntityManager, plan: PlanRef, company: PlanCompanyRow, row: { contactId: number | null; userId: number | null; lastName: string; firstName: string | null; qualification: string | null; external: boolean }): Promise<number> {
  const [r]: Array<{ id: number }> = await m.query(
    `INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, contact_id, user_id, last_name, first_name, qualification, external)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [plan.tenantId, plan.id, company.id, row.contactId, row.userId, row.lastName, row.firstName || null, row.qualification || null, row.external]);
  return r.id;
}

async function history(m: EntityManager, plan: PlanRef, userId: number, transition: string, who: string, company: PlanCompanyRow): Promise<void> {
  await recordHistory(m, { tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, transition, comment: `${who} (${company.name})`, userId });
  // A staff change once the plan went to the companies is an automatic amendment: every company signs again.
  await amendForStaffChange(m, { tenantId: plan.tenantId, planId: plan.id, user: { id: userId }, reason: staffChangeReason(transition.endsWith('_remove') ? 'remove' : 'add', `${who} (${company.name})`) });
}

/**
 * Adds an existing person to a company of the plan: a contact of its CRM company (his user
 * account follows), or, for a user company without CRM company, a user of the tenant.
 * Qualification defaults to the contact's function.
 */
export async function addStaff(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow, data: StaffAddInput): Promise<StaffResult> {
  let row: { contactId: number | null; userId: number | null; lastName: string; firstName: string | null; qualification: string | null };
  if (company.tiersId != null) {
    if (data.contact == null) return { ok: false, errors: { contact: 'validation.selection' } };
    const contact = (await availableContacts(db, plan.tenantId, company)).find((c) => c.id === data.contact);
    if (!contact) return { ok: false, errors: { contact: 'plan-company.validation.staff_contact_invalid' } };
    const [linked]: Array<{ user_id: number | null }> = await db.query('SELECT user_id FROM contact WHERE id = $1 AND tenant_id = $2', [contact.id, plan.tenantId]);
    row = { contactId: contact.id, userId: linked?.user_id ?? null, lastName: contact.lastName, firstName: contact.firstName, qualification: data.qualification || contact.functionName };
  } else {
    if (data.user == null) return { ok: false, errors: { user: 'validation.selection' } };
    const user = (await availableUsers(db, plan.tenantId, company)).find((u) => u.id === data.user);
    if (!user) return { ok: false, errors: { user: 'plan-company.validation.staff_user_invalid' } };
    row = { contactId: null, userId: user.id, lastName: user.lastName, firstName: user.firstName, qualification: data.qualification || null };
  }
  try {
    const id = await db.transaction(async (m) => {
      const newId = await insertStaff(m, plan, company, { ...row, external: false });
      await history(m, plan, userId, 'staff_add', personName(row.firstName, row.lastName), company);
      return newId;
    });
    return { ok: true, id };
  } catch (err) {
    // Two users adding the same contact at once: the unique index refuses the second.
    if ((err as { code?: string; driverError?: { code?: string } }).driverError?.code === '23505' || (err as { code?: string }).code === '23505') {
      return { ok: false, errors: { contact: 'plan-company.validation.staff_contact_invalid' } };
    }
    throw err;
  }
}

/**
 * Creates a contact of the company's CRM company (with its function) and adds him to the plan,
 * in one transaction. Refused for a company without CRM company.
 */
export async function createStaff(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow, data: StaffCreateInput): Promise<StaffResult> {
  if (company.tiersId == null) return { ok: false, errors: { _form: 'plan-company.errors.no_tiers' } };
  const functions = await functionOptions(db, plan.tenantId);
  const fn = data.function != null ? functions.find((f) => f.id === data.function) : null;
  if (data.function != null && !fn) return { ok: false, errors: { function: 'validation.choice' } };
  const tiersId = company.tiersId;
  const id = await db.transaction(async (m) => {
    const contactId = await createContact(m, plan.tenantId, {
      tiersId, lastName: data.lastName, firstName: data.firstName, email: data.email || null, phone: data.phone || null,
      mobile: data.mobile || null, functionId: fn?.id ?? null,
    });
    const newId = await insertStaff(m, plan, company, {
      contactId, userId: null, lastName: data.lastName, firstName: data.firstName || null, qualification: data.qualification || fn?.name || null, external: false,
    });
    await history(m, plan, userId, 'staff_create', personName(data.firstName, data.lastName), company);
    return newId;
  });
  return { ok: true, id };
}

/** Adds a person without CRM contact (temporary worker ...) to a company of the plan. */
export async function addExternalStaff(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow, data: ExternalStaffInput): Promise<number> {
  return db.transaction(async (m) => {
    const id = await insertStaff(m, plan, company, { contactId: null, userId: null, lastName: data.lastName, firstName: data.firstName || null, qualification: data.qualification, external: true });
    await history(m, plan, userId, 'external_staff_add', personName(data.firstName, data.lastName), company);
    return id;
  });
}

/** Removes a staff member (internal or external) from the plan; writes the plan's history. */
export async function removeStaff(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow, staff: PlanStaffRow): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('DELETE FROM plan_staff WHERE tenant_id = $1 AND id = $2', [plan.tenantId, staff.id]);
    await history(m, plan, userId, staff.external ? 'external_staff_remove' : 'staff_remove', personName(staff.firstName, staff.lastName), company);
  });
}
