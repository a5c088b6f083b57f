import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { recordHistory } from '../../kernel/history/history.service';
import { softDelete } from '../../kernel/trash/trash';
import { userInTenant } from '../../kernel/tenancy';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { fieldSelectSql, formValueOf, PPSPS_FIELDS } from './ppsps-fields';
import type { PpspsInput } from './ppsps.schema';

type Db = DataSource | EntityManager;

/** Subject type of the PPSPS's history rows (and of its signing descriptor). */
export const PPSPS_HISTORY_SUBJECT = 'ppsps';

/** A PPSPS as the form and the show page read it (dates `YYYY-MM-DD`, times `HH:MM`), with names. */
export interface PpspsRecord extends Record<string, unknown> {
  id: number;
  tenantId: number;
  number: string;
  status: string;
  archived: boolean;
  version: number;
  amendmentNumber: number;
  createdById: number | null;
  createdByName: string | null;
  hierarchyItemId: number | null;
  correspondentId: number | null;
  startDate: string | null;
  endDate: string | null;
  contractSignedDate: string | null;
  secondOeuvreWithoutRisks: boolean;
  natureOfOperations: string | null;
  substituteIds: number[];
  substituteNames: string[];
  siteName: string | null;
  entityName: string | null;
  correspondentName: string | null;
  tiersName: string | null;
  labourInspectionName: string | null;
  occupationalMedicineName: string | null;
}

const userName = (a: string) => `coalesce(NULLIF(trim(coalesce(${a}.first_name, '') || ' ' || coalesce(${a}.last_name, '')), ''), ${a}.username)`;

/** The PPSPS `id` of the tenant (not in the trash) with what it shows, or null. */
export async function findPpsps(db: Db, tenantId: number, id: number): Promise<PpspsRecord | null> {
  if (!Number.isSafeInteger(Number(id))) return null;
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.tenant_id AS "tenantId", p.status, p.archived, p.version, p.amendment_number AS "amendmentNumber",
            p.created_by_id AS "createdById", ${userName('cb')} AS "createdByName", ${fieldSelectSql('p')},
            hi.name AS "siteName", en.name AS "entityName", ${userName('co')} AS "correspondentName", ti.name AS "tiersName",
            li.name AS "labourInspectionName", om.name AS "occupationalMedicineName"
       FROM ppsps p
       LEFT JOIN app_user cb ON cb.id = p.created_by_id
       LEFT JOIN app_user co ON co.id = p.correspondent_id
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN hierarchy_item en ON en.id = p.entity_id
       LEFT JOIN tiers ti ON ti.id = p.tiers_id
       LEFT JOIN prevention_organisation li ON li.id = p.labour_inspection_id
       LEFT JOIN prevention_organisation om ON om.id = p.occupational_medicine_id
      WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [Number(id), tenantId]);
  const r = rows[0];
  if (!r) return null;
  const subs: Array<{ id: number; name: string }> = await db.query(
    `SELECT x.user_id AS id, ${userName('u')} AS name FROM ppsps_substitute x JOIN app_user u ON u.id = x.user_id
      WHERE x.ppsps_id = $1 AND x.tenant_id = $2 ORDER BY u.last_name, u.first_name`, [r.id, tenantId]);
  return { ...r, substituteIds: subs.map((s) => Number(s.id)), substituteNames: subs.map((s) => s.name) } as PpspsRecord;
}

/** The form values of a saved PPSPS (as the user would type them). */
export function formValues(p: PpspsRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { version: p.version, substituteIds: p.substituteIds };
  for (const [prop, , kind] of PPSPS_FIELDS) out[prop] = formValueOf(kind, p[prop]);
  return out;
}

/** Is one of `ids` not returned by `sql` ($1 tenant, $2 ids)? Then it is not the tenant's. */
async function foreignIds(db: Db, sql: string, tenantId: number, ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const rows: unknown[] = await db.query(sql, [tenantId, ids]);
  return rows.length !== new Set(ids).size;
}

/**
 * Every reference of the form must be the tenant's (a hand-made POST could name another
 * company's user or site), and the number must be free: field -> translation key.
 */
export async function referenceErrors(db: Db, tenantId: number, d: PpspsInput, selfId: number | null): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const one = (v: number | null) => (v == null ? [] : [v]);
  const USERS = `SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.id = ANY($2)`;
  const ITEMS = 'SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)';
  const ORGS = 'SELECT id FROM prevention_organisation WHERE tenant_id = $1 AND id = ANY($2)';
  const checks: Array<[string, string, number[]]> = [
    ['correspondentId', USERS, one(d.correspondentId)],
    ['substituteIds', USERS, d.substituteIds],
    ['hierarchyItemId', ITEMS, one(d.hierarchyItemId)],
    ['entityId', ITEMS, one(d.entityId)],
    ['tiersId', 'SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)', one(d.tiersId)],
    ['labourInspectionId', ORGS, one(d.labourInspectionId)],
    ['occupationalMedicineId', ORGS, one(d.occupationalMedicineId)],
  ];
  for (const [field, sql, ids] of checks) if (await foreignIds(db, sql, tenantId, ids)) errors[field] = 'validation.choice';
  if (d.number) {
    const taken = await db.query('SELECT 1 FROM ppsps WHERE tenant_id = $1 AND number = $2 AND id <> $3', [tenantId, d.number, selfId ?? 0]);
    if (taken.length) errors.number = 'ppsps.validation.number_taken';
  }
  return errors;
}

/** The next free number of the tenant for the year (`PPSPS-2026-0007`), under a per-tenant lock. */
export async function nextPpspsNumber(m: EntityManager, tenantId: number): Promise<string> {
  const prefix = `PPSPS-${clock.now().getFullYear()}-`;
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ppsps_number:${tenantId}`]);
  const [row] = await m.query(
    'SELECT max(substring(number FROM $2)::int) AS n FROM ppsps WHERE tenant_id = $1 AND number ~ $3',
    [tenantId, `^${prefix}(\\d+)$`, `^${prefix}\\d+$`]);
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

/** The number the form proposes for a new PPSPS (the save takes the next free one if it is blank). */
export async function suggestedNumber(db: DataSource, tenantId: number): Promise<string> {
  return db.transaction((m) => nextPpspsNumber(m, tenantId));
}

/** Column values of the row from the form data (the number apart). */
function columns(d: PpspsInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [prop, col, kind] of PPSPS_FIELDS) {
    if (prop === 'number') continue;
    const v = (d as Record<string, unknown>)[prop];
    out[col] = kind === 'text' ? (v ? v : null) : v;
  }
  return out;
}

/** Outcome of a save: the PPSPS, or a stale version (someone saved in between). */
export type SaveResult = { ok: true; id: number; number: string } | { ok: false; stale: true };

/**
 * Creates (`id` null) or updates a PPSPS with its substitutes in one transaction, with a history
 * row. A new PPSPS is a draft; a blank number (draft) takes the next free one.
 */
export async function savePpsps(db: DataSource, input: { tenantId: number; user: AuthUser; id: number | null; data: PpspsInput; draft: boolean }): Promise<SaveResult> {
  const cols = columns(input.data);
  const now = clock.now();
  return db.transaction(async (m) => {
    let id: number;
    let number = input.data.number;
    if (input.id == null) {
      if (!number) number = await nextPpspsNumber(m, input.tenantId);
      const names = ['tenant_id', 'number', 'status', 'created_by_id', 'created_at', 'updated_at', ...Object.keys(cols)];
      const values = [input.tenantId, number, 'draft', input.user.id, now, now, ...Object.values(cols)];
      const [row] = await m.query(`INSERT INTO ppsps (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, values);
      id = row.id;
    } else {
      const names = Object.keys(cols);
      const rows = await m.query(
        `UPDATE ppsps SET ${names.map((n, i) => `${n} = $${i + 5}`).join(', ')}, number = coalesce(NULLIF($4, ''), number), version = version + 1, updated_at = now()
          WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id, number`,
        [input.id, input.tenantId, input.data.version, number, ...Object.values(cols)]);
      const updated = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ id: number; number: string }>;
      if (!updated.length) return { ok: false, stale: true } as const;
      id = updated[0].id;
      number = updated[0].number;
    }
    await m.query('DELETE FROM ppsps_substitute WHERE ppsps_id = $1 AND tenant_id = $2', [id, input.tenantId]);
    if (input.data.substituteIds.length) {
      await m.query('INSERT INTO ppsps_substitute (ppsps_id, user_id, tenant_id) SELECT $1, x, $2 FROM unnest($3::int[]) AS x', [id, input.tenantId, input.data.substituteIds]);
    }
    await recordHistory(m, {
      tenantId: input.tenantId, subjectType: PPSPS_HISTORY_SUBJECT, subjectId: id, userId: input.user.id,
      transition: input.id == null ? 'create' : input.draft ? 'edit_draft' : 'edit',
    });
    return { ok: true, id, number } as const;
  });
}

/** Archives or unarchives a PPSPS (history row); false when nothing changed. */
export async function setPpspsArchived(db: DataSource, tenantId: number, userId: number, id: number, archived: boolean): Promise<boolean> {
  return db.transaction(async (m) => {
    const rows = await m.query(
      `UPDATE ppsps SET archived = $3, version = version + 1, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND archived <> $3 AND deleted_at IS NULL RETURNING id`, [id, tenantId, archived]);
    const done = (Array.isArray(rows[0]) ? rows[0] : rows) as unknown[];
    if (!done.length) return false;
    await recordHistory(m, { tenantId, subjectType: PPSPS_HISTORY_SUBJECT, subjectId: id, userId, transition: archived ? 'archive' : 'unarchive' });
    return true;
  });
}

/** Puts a PPSPS in the shared trash (restorable). */
export async function trashPpsps(db: DataSource, tenantId: number, userId: number, p: { id: number; number: string }): Promise<boolean> {
  return db.transaction(async (m) => {
    const done = await softDelete(m, { table: 'ppsps', id: p.id, tenantId, title: `PPSPS ${p.number}`, userId });
    if (done) await recordHistory(m, { tenantId, subjectType: PPSPS_HISTORY_SUBJECT, subjectId: p.id, userId, transition: 'delete' });
    return done;
  });
}
