import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { recordHistory } from '../../../kernel/history/history.service';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';
import { userInTenant } from '../../../kernel/tenancy';
import type { FieldError } from '../../../kernel/http/forms';
import { validId, type SaveResult } from '../../../kernel/http/record-outcome';
import { LOCKOUT_OFFICER, LOCKOUT_WORK_MANAGER } from '../core/lockout-rights';
import { SLIP_SUBJECT } from '../core/lockout-slip.workflow';
import type { SlipRef } from '../core/slip-access';
import type { SlipInput, StaffInput } from './slip.schema';

/** A slip as its page shows it. */
export interface SlipRecord {
  id: number; tenantId: number; number: string; machineId: number; machineCode: string; machineName: string; machinePrerequisite: string | null;
  sectorName: string | null; officerId: number | null; officerName: string | null; workManagerId: number | null; workManagerName: string | null;
  subject: string; startDate: string | null; endDate: string | null; planId: number | null; planNumber: string | null; planSubject: string | null;
  orderingCustomerId: number | null; orderingCustomerName: string | null; state: string; archived: boolean; version: number;
  createdById: number | null; activityIds: number[]; activityNames: string[];
}

/** A staff row as the slip page shows it. */
export interface StaffRow {
  id: number; planStaffId: number | null; userId: number | null; name: string; company: string | null; padlock: string;
  padlockAt: Date | null; padlockComment: string | null; signerName: string | null; signedAt: Date | null; signatureImage: string | null;
}

/** An isolation point of the slip's machine with its check on this slip. */
export interface CheckRow {
  pointId: number; code: string; typeName: string; typeColor: string; location: string; cutMethod: string; verificationMethod: string;
  done: boolean; doneByName: string | null; doneAt: Date | null;
}

const NAME = (alias: string) => `NULLIF(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`;

/** The slip with its machine, people, plan and activities. */
export async function loadSlip(db: Db, tenantId: number, id: number): Promise<SlipRecord | null> {
  const [row] = rowsOf<SlipRecord>(await db.query(
    `SELECT s.id, s.tenant_id AS "tenantId", s.number, s.machine_id AS "machineId", m.code AS "machineCode", m.name AS "machineName",
            m.prerequisite AS "machinePrerequisite", h.name AS "sectorName",
            s.officer_id AS "officerId", ${NAME('o')} AS "officerName", s.work_manager_id AS "workManagerId", ${NAME('w')} AS "workManagerName",
            s.subject, to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
            s.plan_id AS "planId", p.pdp_number AS "planNumber", p.subject AS "planSubject",
            s.ordering_customer_id AS "orderingCustomerId", ${NAME('c')} AS "orderingCustomerName",
            s.state, s.archived, s.version, s.created_by_id AS "createdById",
            COALESCE((SELECT array_agg(a.id ORDER BY a.name) FROM lockout_slip_activity sa JOIN lockout_activity a ON a.id = sa.activity_id WHERE sa.slip_id = s.id), '{}') AS "activityIds",
            COALESCE((SELECT array_agg(a.name ORDER BY a.name) FROM lockout_slip_activity sa JOIN lockout_activity a ON a.id = sa.activity_id WHERE sa.slip_id = s.id), '{}') AS "activityNames"
       FROM lockout_slip s JOIN lockout_machine m ON m.id = s.machine_id LEFT JOIN hierarchy_item h ON h.id = m.sector_id
       LEFT JOIN app_user o ON o.id = s.officer_id LEFT JOIN app_user w ON w.id = s.work_manager_id LEFT JOIN app_user c ON c.id = s.ordering_customer_id
       LEFT JOIN prevention_plan p ON p.id = s.plan_id
      WHERE s.id = $1 AND s.tenant_id = $2`, [id, tenantId]));
  return row ?? null;
}

/** The staff of a slip, in the order they were added. */
export async function listStaff(db: Db, tenantId: number, slipId: number): Promise<StaffRow[]> {
  return rowsOf<StaffRow>(await db.query(
    `SELECT id, plan_staff_id AS "planStaffId", user_id AS "userId", name, company, padlock, padlock_at AS "padlockAt", padlock_comment AS "padlockComment",
            signer_name AS "signerName", signed_at AS "signedAt", signature_image AS "signatureImage"
       FROM lockout_staff WHERE tenant_id = $1 AND slip_id = $2 ORDER BY id`, [tenantId, slipId]));
}

/** The required consignments of the slip's machine with their check on the slip. */
export async function listChecks(db: Db, tenantId: number, slipId: number, machineId: number): Promise<CheckRow[]> {
  return rowsOf<CheckRow>(await db.query(
    `SELECT p.id AS "pointId", p.code, y.name AS "typeName", y.color AS "typeColor", p.location, p.cut_method AS "cutMethod", p.verification_method AS "verificationMethod",
            COALESCE(c.done, false) AS done, ${NAME('u')} AS "doneByName", c.done_at AS "doneAt"
       FROM lockout_point p JOIN lockout_type y ON y.id = p.type_id
       LEFT JOIN lockout_check c ON c.point_id = p.id AND c.slip_id = $2 LEFT JOIN app_user u ON u.id = c.done_by_id
      WHERE p.tenant_id = $1 AND p.machine_id = $3 ORDER BY p.position, p.id`, [tenantId, slipId, machineId]));
}

/** Next slip number of the company for the year: `CONS-2026-0001`. */
async function nextNumber(m: EntityManager, tenantId: number): Promise<string> {
  const year = clock.now().getUTCFullYear();
  const prefix = `CONS-${year}-`;
  // Serialises numbering within the company: two slips created at once never share a number.
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lockout_slip_number:${tenantId}`]);
  const [row] = await m.query(`SELECT COALESCE(max(substring(number from ${prefix.length + 1})::int), 0) + 1 AS n FROM lockout_slip WHERE tenant_id = $1 AND number LIKE $2 AND number ~ $3`,
    [tenantId, `${prefix}%`, `^${prefix}[0-9]+$`]);
  return `${prefix}${String(row.n).padStart(4, '0')}`;
}

/** Field errors of a slip's references (each must be the company's; people must hold their right). */
async function checkReferences(m: EntityManager, tenantId: number, input: SlipInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const one = async (sql: string, params: unknown[]) => rowsOf(await m.query(sql, params)).length > 0;
  if (!await one('SELECT 1 FROM lockout_machine WHERE id = $1 AND tenant_id = $2', [input.machineId, tenantId])) errors.machineId = 'validation.choice';
  const person = (id: number, right: string | null) => one(
    `SELECT 1 FROM app_user u WHERE u.id = $2 AND u.enabled AND ${userInTenant('u', '$1')}${right ? ` AND ${holdsRightSql('u', '$1', right)}` : ''}`, [tenantId, id]);
  if (input.officerId !== null && !await person(input.officerId, LOCKOUT_OFFICER)) errors.officerId = 'validation.choice';
  if (input.workManagerId !== null && !await person(input.workManagerId, LOCKOUT_WORK_MANAGER)) errors.workManagerId = 'validation.choice';
  if (input.orderingCustomerId !== null && !await person(input.orderingCustomerId, null)) errors.orderingCustomerId = 'validation.choice';
  if (input.planId !== null && !await one('SELECT 1 FROM prevention_plan WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [input.planId, tenantId])) errors.planId = 'validation.choice';
  const activities = rowsOf(await m.query('SELECT id FROM lockout_activity WHERE tenant_id = $1 AND id = ANY($2::int[])', [tenantId, input.activityIds]));
  if (activities.length !== input.activityIds.length) errors.activityIds = 'validation.choice';
  if (input.startDate && input.endDate && input.endDate < input.startDate) errors.endDate = 'lockout.validation.end_before_start';
  return errors;
}

/**
 * Creates (`slip` null) or updates a slip under the optimistic lock, its activities replaced, and
 * records the creation or the edit in its history.
 */
export async function saveSlip(db: DataSource, tenantId: number, userId: number, slip: SlipRef | null, input: SlipInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    const errors = await checkReferences(m, tenantId, input);
    if (Object.keys(errors).length) return { ok: false, errors };
    const values = [input.machineId, input.subject, input.officerId, input.workManagerId, input.startDate, input.endDate, input.planId, input.orderingCustomerId];
    let id: number;
    if (!slip) {
      const [row] = await m.query(
        `INSERT INTO lockout_slip (tenant_id, number, machine_id, subject, officer_id, work_manager_id, start_date, end_date, plan_id, ordering_customer_id, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`, [tenantId, await nextNumber(m, tenantId), ...values, userId]);
      id = Number(row.id);
    } else {
      // The machine is fixed once its isolation points may have been checked.
      const machine = slip.state === 'draft' ? input.machineId : slip.machineId;
      const updated = rowsOf(await m.query(
        `UPDATE lockout_slip SET machine_id = $4, subject = $5, officer_id = $6, work_manager_id = $7, start_date = $8, end_date = $9, plan_id = $10,
                ordering_customer_id = $11, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`,
        [slip.id, tenantId, input.version, machine, ...values.slice(1)]));
      if (!updated.length) return { ok: false, stale: true };
      id = slip.id;
      await m.query('DELETE FROM lockout_slip_activity WHERE slip_id = $1', [id]);
    }
    for (const a of input.activityIds) await m.query('INSERT INTO lockout_slip_activity (slip_id, activity_id) VALUES ($1, $2)', [id, a]);
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: id, transition: slip ? 'edit' : 'create', to: slip ? null : 'draft', userId });
    return { ok: true, id };
  });
}

/** Outcome of adding a staff member. */
export type StaffResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> };

/** Adds a staff member: a worker of the slip's plan, a user of the company, or a free name. Returns a field error key or the new row id. */
export async function addStaff(db: DataSource, tenantId: number, userId: number, slip: SlipRef, input: StaffInput): Promise<StaffResult> {
  return db.transaction(async (m): Promise<StaffResult> => {
    let name = input.name.trim();
    let company = input.company;
    let staffUser: number | null = null;
    let planStaff: number | null = null;
    if (input.planStaffId !== null) {
      const [ps] = rowsOf<{ id: number; name: string; company: string | null; user_id: number | null }>(await m.query(
        `SELECT ps.id, trim(concat_ws(' ', ps.first_name, ps.last_name)) AS name, pc.name AS company, ps.user_id FROM plan_staff ps
           JOIN plan_company pc ON pc.id = ps.plan_company_id
          WHERE ps.id = $1 AND ps.tenant_id = $2 AND ps.plan_id = $3`, [input.planStaffId, tenantId, slip.planId ?? 0]));
      if (!ps) return { ok: false, errors: { planStaffId: 'validation.choice' } };
      planStaff = ps.id; name = ps.name; company = ps.company; staffUser = ps.user_id;
    } else if (input.userId !== null) {
      const [u] = rowsOf<{ id: number; name: string; company: string }>(await m.query(
        `SELECT u.id, trim(concat_ws(' ', u.first_name, u.last_name)) AS name, (SELECT name FROM tenant WHERE id = $1) AS company
           FROM app_user u WHERE u.id = $2 AND u.enabled AND ${userInTenant('u', '$1')}`, [tenantId, input.userId]));
      if (!u) return { ok: false, errors: { userId: 'validation.choice' } };
      staffUser = u.id; name = u.name; company = u.company;
    } else if (!name) {
      return { ok: false, errors: { name: 'lockout.staff.errors.who' } };
    }
    const [row] = await m.query('INSERT INTO lockout_staff (tenant_id, slip_id, plan_staff_id, user_id, name, company) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [tenantId, slip.id, planStaff, staffUser, name, company]);
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: 'staff_add', comment: name, userId });
    return { ok: true, id: Number(row.id) };
  });
}

/** One staff row of the slip, or null. */
export async function findStaff(db: Db, tenantId: number, slipId: number, staffId: number): Promise<StaffRow | null> {
  if (!Number.isSafeInteger(staffId) || staffId <= 0 || staffId > 2_147_483_647) return null;
  return (await listStaff(db, tenantId, slipId)).find((s) => s.id === staffId) ?? null;
}

/** Removes a staff member who has no padlock on the machine. */
export async function removeStaff(db: DataSource, tenantId: number, userId: number, slip: SlipRef, staff: StaffRow): Promise<boolean> {
  if (staff.padlock === 'on') return false;
  await db.transaction(async (m) => {
    await m.query('DELETE FROM lockout_staff WHERE id = $1 AND tenant_id = $2 AND slip_id = $3', [staff.id, tenantId, slip.id]);
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: 'staff_remove', comment: staff.name, userId });
  });
  return true;
}

/** Puts on or takes off a staff member's padlock now, with a comment, in the slip's history. */
export async function updatePadlock(db: DataSource, tenantId: number, userId: number, slip: SlipRef, staff: StaffRow, padlock: 'on' | 'off', comment: string | null): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('UPDATE lockout_staff SET padlock = $4, padlock_at = $5, padlock_comment = $6 WHERE id = $1 AND tenant_id = $2 AND slip_id = $3',
      [staff.id, tenantId, slip.id, padlock, clock.now(), comment]);
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: `padlock_${padlock}`, comment: comment ? `${staff.name} : ${comment}` : staff.name, userId });
  });
}

/** Records a staff member's signature (a new one replaces the previous). */
export async function signStaff(db: DataSource, tenantId: number, userId: number, slip: SlipRef, staff: StaffRow, signature: { image: string; name: string }): Promise<void> {
  await db.transaction(async (m) => {
    const at = clock.now();
    await m.query('UPDATE lockout_staff SET signature_image = $4, signer_name = $5, signed_at = $6 WHERE id = $1 AND tenant_id = $2 AND slip_id = $3',
      [staff.id, tenantId, slip.id, signature.image, signature.name, at]);
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: 'sign', comment: signature.name, userId,
      signature: { name: signature.name, signedAt: at.toISOString(), staffId: staff.id } });
  });
}

/** Checks (`done`) or unchecks an isolation point of the slip's machine on the slip. False when the point is not the machine's. */
export async function setCheck(db: DataSource, tenantId: number, userId: number, slip: SlipRef, pointId: number, done: boolean): Promise<boolean> {
  if (!validId(pointId)) return false;
  return db.transaction(async (m) => {
    const [point] = rowsOf<{ code: string }>(await m.query('SELECT code FROM lockout_point WHERE id = $1 AND tenant_id = $2 AND machine_id = $3', [pointId, tenantId, slip.machineId]));
    if (!point) return false;
    await m.query(
      `INSERT INTO lockout_check (tenant_id, slip_id, point_id, done, done_by_id, done_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (slip_id, point_id) DO UPDATE SET done = EXCLUDED.done, done_by_id = EXCLUDED.done_by_id, done_at = EXCLUDED.done_at`,
      [tenantId, slip.id, pointId, done, userId, clock.now()]);
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: done ? 'check_done' : 'check_removed', comment: point.code, userId });
    return true;
  });
}

/** Archives or unarchives a slip under the optimistic lock; false when stale. */
export async function setArchived(db: DataSource, tenantId: number, userId: number, slip: SlipRef, archived: boolean, version: number): Promise<boolean> {
  return db.transaction(async (m) => {
    const rows = rowsOf(await m.query('UPDATE lockout_slip SET archived = $3, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $4 RETURNING id',
      [slip.id, tenantId, archived, version]));
    if (!rows.length) return false;
    await recordHistory(m, { tenantId, subjectType: SLIP_SUBJECT, subjectId: slip.id, transition: archived ? 'archive' : 'unarchive', userId });
    return true;
  });
}
