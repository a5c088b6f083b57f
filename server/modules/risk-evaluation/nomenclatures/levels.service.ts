import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { recomputeRatings } from '../core/du-recompute';
import { listLevels, type PriorityLevel } from '../core/du-lists.service';
import { rangeProblem, type RangeProblem } from '../core/rating';
import type { LevelRowInput } from './nomenclatures.schema';

/** A priority level with how many evaluations hold it (as their level or their residual risk). */
export interface LevelRow extends PriorityLevel { usage: number }

const LEVEL_USAGE = `((SELECT count(*) FROM risk_evaluation e WHERE e.priority_level_id = x.id)
  + (SELECT count(*) FROM risk_evaluation e WHERE e.residual_level_id = x.id))::int`;

/** The company's levels by minimum, with their usage. */
export async function listLevelsWithUsage(db: Db, tenantId: number): Promise<LevelRow[]> {
  const levels = await listLevels(db, tenantId);
  if (!levels.length) return [];
  const usage = await db.query(`SELECT x.id, ${LEVEL_USAGE} AS usage FROM du_priority_level x WHERE x.id = ANY($1::int[])`, [levels.map((l) => l.id)]);
  const byId = new Map<number, number>(usage.map((u: { id: number; usage: number }) => [u.id, u.usage]));
  return levels.map((l) => ({ ...l, usage: byId.get(l.id) ?? 0 }));
}

/** Outcome of saving the levels. */
export type LevelsSaveResult =
  | { ok: true }
  | { ok: false; stale: true }
  | { ok: false; problem: RangeProblem }
  | { ok: false; inUse: { label: string; count: number } };

/**
 * Saves the company's levels as one set, in one transaction: rows with an id are updated (under
 * their version) or removed (`remove`), rows without are added. Refused, nothing changed, when the
 * resulting ranges overlap or leave a gap, when a removed level is held by an evaluation, or when a
 * level was changed or removed meanwhile (stale). The evaluations are then recomputed.
 */
export async function saveLevels(db: DataSource, tenantId: number, rows: LevelRowInput[]): Promise<LevelsSaveResult> {
  try {
    return await saveLevelSet(db, tenantId, rows);
  } catch (err) {
    // A level being removed was given to an evaluation saved meanwhile (its foreign key refuses): stale.
    const code = (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;
    if (code === '23503' || code === '23001') return { ok: false, stale: true };
    throw err;
  }
}

async function saveLevelSet(db: DataSource, tenantId: number, rows: LevelRowInput[]): Promise<LevelsSaveResult> {
  return db.transaction(async (m) => {
    // One company's levels are saved one set at a time: the lock serialises two administrators.
    await m.query('SELECT id FROM tenant WHERE id = $1 FOR NO KEY UPDATE', [tenantId]);
    const current: Array<{ id: number; label: string; version: number; usage: number }> = await m.query(
      `SELECT x.id, x.label, x.version, ${LEVEL_USAGE} AS usage FROM du_priority_level x WHERE x.tenant_id = $1`, [tenantId]);
    const byId = new Map(current.map((c) => [c.id, c]));
    for (const r of rows) {
      if (r.id === null) continue;
      const known = byId.get(r.id);
      if (!known || known.version !== r.version) return { ok: false as const, stale: true as const };
    }
    const kept = rows.filter((r) => !r.remove);
    const problem = rangeProblem(kept);
    if (problem) return { ok: false as const, problem };
    for (const r of rows.filter((x) => x.remove && x.id !== null)) {
      const known = byId.get(r.id!)!;
      if (known.usage > 0) return { ok: false as const, inUse: { label: known.label, count: known.usage } };
    }
    for (const r of rows) {
      if (r.id !== null && r.remove) {
        await m.query('DELETE FROM du_priority_level WHERE id = $1 AND tenant_id = $2', [r.id, tenantId]);
      } else if (r.id !== null) {
        const updated = rowsOf(await m.query(
          `UPDATE du_priority_level SET label = $1, min_value = $2, max_value = $3, color = $4, description = $5, version = version + 1
            WHERE id = $6 AND tenant_id = $7 AND version = $8 RETURNING id`,
          [r.label, r.minValue, r.maxValue, r.color, r.description, r.id, tenantId, r.version]));
        if (!updated.length) throw new Error('stale level');
      } else if (!r.remove) {
        await m.query('INSERT INTO du_priority_level (tenant_id, label, min_value, max_value, color, description) VALUES ($1, $2, $3, $4, $5, $6)',
          [tenantId, r.label, r.minValue, r.maxValue, r.color, r.description]);
      }
    }
    await recomputeRatings(m, tenantId);
    return { ok: true as const };
  });
}
