import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import type { ActivityInput, FunctionInput, VatRateInput } from './crm.schema';
import type { SaveResult } from './tiers.service';
import { rowsOf } from '../../kernel/db/sql';

type Db = DataSource | EntityManager;

/** A function (qualification) with how many company links use it. */
export interface FunctionRow { id: number; name: string; isManager: boolean; version: number; uses: number }
/** An activity with how many companies carry it. */
export interface ActivityRow { id: number; name: string; version: number; uses: number }
/** A VAT rate with how many companies use it. */
export interface VatRateRow { id: number; label: string; rate: string; isDefault: boolean; version: number; uses: number }

/** Outcome of a removal. */
export type RemoveResult = 'removed' | 'not_found' | 'in_use';

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** The functions of the tenant, managers first then by name. */
export async function listFunctions(db: Db, tenantId: number): Promise<FunctionRow[]> {
  const rows = await db.query(
    `SELECT f.id, f.name, f.is_manager, f.version, (SELECT count(*)::int FROM contact_company cc WHERE cc.function_id = f.id) AS uses
       FROM crm_function f WHERE f.tenant_id = $1 ORDER BY lower(f.name), f.id`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, name: r.name, isManager: r.is_manager, version: r.version, uses: r.uses }));
}

/** One function of the tenant, or null. */
export async function findFunction(db: Db, tenantId: number, id: number): Promise<FunctionRow | null> {
  if (!validId(id)) return null;
  return (await listFunctions(db, tenantId)).find((f) => f.id === id) ?? null;
}

/** Creates or updates a function; its name is unique in the tenant (case-insensitive). */
export async function saveFunction(db: DataSource, tenantId: number, id: number | null, input: FunctionInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'crm_function']);
    const [taken] = await m.query('SELECT 1 FROM crm_function WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [tenantId, input.name, id ?? 0]);
    if (taken) return { ok: false, errors: { name: 'crm.validation.name_taken' } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.name, input.isManager]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      'UPDATE crm_function SET name = $3, is_manager = $4, version = version + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND version = $5 RETURNING id',
      [tenantId, id, input.name, input.isManager, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Removes a function unless a contact holds it somewhere. */
export async function removeFunction(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [f] = await m.query('SELECT id FROM crm_function WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
    if (!f) return 'not_found';
    const [used] = await m.query('SELECT 1 FROM contact_company WHERE function_id = $1 LIMIT 1', [id]);
    if (used) return 'in_use';
    await m.query('DELETE FROM crm_function WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return 'removed';
  });
}

/** The activities of the tenant, by name. */
export async function listActivities(db: Db, tenantId: number): Promise<ActivityRow[]> {
  const rows = await db.query(
    `SELECT a.id, a.name, a.version, (SELECT count(*)::int FROM tiers_activity ta WHERE ta.activity_id = a.id) AS uses
       FROM crm_activity a WHERE a.tenant_id = $1 ORDER BY lower(a.name), a.id`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, name: r.name, version: r.version, uses: r.uses }));
}

/** One activity of the tenant, or null. */
export async function findActivity(db: Db, tenantId: number, id: number): Promise<ActivityRow | null> {
  if (!validId(id)) return null;
  return (await listActivities(db, tenantId)).find((a) => a.id === id) ?? null;
}

/** Creates or updates an activity; its name is unique in the tenant (case-insensitive). */
export async function saveActivity(db: DataSource, tenantId: number, id: number | null, input: ActivityInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'crm_activity']);
    const [taken] = await m.query('SELECT 1 FROM crm_activity WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [tenantId, input.name, id ?? 0]);
    if (taken) return { ok: false, errors: { name: 'crm.validation.name_taken' } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO crm_activity (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, input.name]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      'UPDATE crm_activity SET name = $3, version = version + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND version = $4 RETURNING id',
      [tenantId, id, input.name, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Removes an activity unless a company carries it. */
export async function removeActivity(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [a] = await m.query('SELECT id FROM crm_activity WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
    if (!a) return 'not_found';
    const [used] = await m.query('SELECT 1 FROM tiers_activity WHERE activity_id = $1 LIMIT 1', [id]);
    if (used) return 'in_use';
    await m.query('DELETE FROM crm_activity WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return 'removed';
  });
}

/** The VAT rates of the tenant, default first then by rate. */
export async function listVatRates(db: Db, tenantId: number): Promise<VatRateRow[]> {
  const rows = await db.query(
    `SELECT v.id, v.label, v.rate, v.is_default, v.version, (SELECT count(*)::int FROM tiers t WHERE t.vat_rate_id = v.id AND t.deleted_at IS NULL) AS uses
       FROM vat_rate v WHERE v.tenant_id = $1 ORDER BY v.is_default DESC, v.rate DESC, v.id`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: r.label, rate: r.rate, isDefault: r.is_default, version: r.version, uses: r.uses }));
}

/** One VAT rate of the tenant, or null. */
export async function findVatRate(db: Db, tenantId: number, id: number): Promise<VatRateRow | null> {
  if (!validId(id)) return null;
  return (await listVatRates(db, tenantId)).find((v) => v.id === id) ?? null;
}

/** The default VAT rate's id, null when none. */
export async function defaultVatRateId(db: Db, tenantId: number): Promise<number | null> {
  const [r] = await db.query('SELECT id FROM vat_rate WHERE tenant_id = $1 AND is_default ORDER BY id LIMIT 1', [tenantId]);
  return r?.id ?? null;
}

/** Creates or updates a VAT rate; label unique in the tenant; a new default takes the flag from the previous one. */
export async function saveVatRate(db: DataSource, tenantId: number, id: number | null, input: VatRateInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'vat_rate']);
    const errors: Record<string, FieldError> = {};
    const [taken] = await m.query('SELECT 1 FROM vat_rate WHERE tenant_id = $1 AND lower(label) = lower($2) AND id <> $3', [tenantId, input.label, id ?? 0]);
    if (taken) errors.label = 'crm.validation.name_taken';
    if (Object.keys(errors).length) return { ok: false, errors };
    let vatId: number;
    if (id === null) {
      const [row] = await m.query('INSERT INTO vat_rate (tenant_id, label, rate, is_default) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, input.label, input.rate, input.isDefault]);
      vatId = row.id;
    } else {
      const updated = rowsOf(await m.query(
        'UPDATE vat_rate SET label = $3, rate = $4, is_default = $5, version = version + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2 AND version = $6 RETURNING id',
        [tenantId, id, input.label, input.rate, input.isDefault, input.version]));
      if (!updated.length) return { ok: false, stale: true };
      vatId = id;
    }
    if (input.isDefault) await m.query('UPDATE vat_rate SET is_default = false, version = version + 1 WHERE tenant_id = $1 AND id <> $2 AND is_default', [tenantId, vatId]);
    return { ok: true, id: vatId };
  });
}

/** Removes a VAT rate unless a company uses it (spec: "VAT rate" in the deletion refusals). */
export async function removeVatRate(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [v] = await m.query('SELECT id FROM vat_rate WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, id]);
    if (!v) return 'not_found';
    const [used] = await m.query('SELECT 1 FROM tiers WHERE vat_rate_id = $1 LIMIT 1', [id]);
    if (used) return 'in_use';
    await m.query('DELETE FROM vat_rate WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
    return 'removed';
  });
}
