import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import { listFamilies, listRisks, type DangerFamily, type DuRiskRow } from '../core/du-lists.service';
import type { FamilyInput, RiskInput } from './nomenclatures.schema';
import type { Removal } from '../core/du-http';
import type { SaveResult } from './scale.service';

/** A danger family with how many evaluations and risks use it. */
export interface FamilyRow extends DangerFamily { usage: number }
/** A risk with how many evaluations name it. */
export interface RiskRow extends DuRiskRow { usage: number }

const FAMILY_USAGE = `((SELECT count(*) FROM risk_evaluation e WHERE e.danger_family_id = x.id)
  + (SELECT count(*) FROM du_risk r WHERE r.danger_family_id = x.id))::int`;
const RISK_USAGE = '(SELECT count(*) FROM risk_evaluation_risk er WHERE er.risk_id = x.id)::int';

async function usageOf(db: Db, table: 'du_danger_family' | 'du_risk', sql: string, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.query(`SELECT x.id, ${sql} AS usage FROM ${table} x WHERE x.id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((u: { id: number; usage: number }) => [u.id, u.usage]));
}

/** The danger families with their usage, by label. */
export async function listFamiliesWithUsage(db: Db, tenantId: number): Promise<FamilyRow[]> {
  const families = await listFamilies(db, tenantId);
  const usage = await usageOf(db, 'du_danger_family', FAMILY_USAGE, families.map((f) => f.id));
  return families.map((f) => ({ ...f, usage: usage.get(f.id) ?? 0 }));
}

/** The risks with their usage, by family then label. */
export async function listRisksWithUsage(db: Db, tenantId: number): Promise<RiskRow[]> {
  const risks = await listRisks(db, tenantId);
  const usage = await usageOf(db, 'du_risk', RISK_USAGE, risks.map((r) => r.id));
  return risks.map((r) => ({ ...r, usage: usage.get(r.id) ?? 0 }));
}

/** Creates or updates a danger family under the optimistic lock. */
export async function saveFamily(db: Db, tenantId: number, id: number | null, input: FamilyInput): Promise<SaveResult> {
  if (id === null) {
    const [r] = await db.query('INSERT INTO du_danger_family (tenant_id, label, description) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.label, input.description]);
    return { ok: true, id: r.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE du_danger_family SET label = $1, description = $2, version = version + 1 WHERE id = $3 AND tenant_id = $4 AND version = $5 AND deleted_at IS NULL RETURNING id',
    [input.label, input.description, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Whether the family is the company's (not in the trash). */
export async function familyExists(db: Db, tenantId: number, id: number): Promise<boolean> {
  const [r] = await db.query('SELECT 1 FROM du_danger_family WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return !!r;
}

/** Creates or updates a risk under the optimistic lock; injuries are stored one per line. */
export async function saveRisk(db: Db, tenantId: number, id: number | null, input: RiskInput): Promise<SaveResult> {
  const injuries = input.injuries.split(/\r?\n/).map((s) => s.trim()).filter(Boolean).join('\n');
  if (id === null) {
    const [r] = await db.query('INSERT INTO du_risk (tenant_id, label, danger_family_id, injuries) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, input.label, input.dangerFamilyId, injuries]);
    return { ok: true, id: r.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE du_risk SET label = $1, danger_family_id = $2, injuries = $3, version = version + 1 WHERE id = $4 AND tenant_id = $5 AND version = $6 AND deleted_at IS NULL RETURNING id',
    [input.label, input.dangerFamilyId, injuries, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a family or a risk to the trash, unless in use (« Suppression impossible »). */
export async function removeCatalogueRow(db: DataSource, table: 'du_danger_family' | 'du_risk', tenantId: number, id: number, userId: number): Promise<Removal> {
  const usage = table === 'du_risk' ? RISK_USAGE : FAMILY_USAGE;
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT x.label, ${usage} AS usage FROM ${table} x WHERE x.id = $1 AND x.tenant_id = $2 AND x.deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found' as const;
    if (r.usage > 0) return { inUse: { label: r.label as string, count: r.usage as number } };
    await softDelete(m, { table, id, tenantId, title: r.label, userId });
    return { removed: true as const };
  });
}
