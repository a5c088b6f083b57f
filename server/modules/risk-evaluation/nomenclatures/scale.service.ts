import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import type { Removal } from '../core/du-http';
import { recomputeRatings } from '../core/du-recompute';
import { listScale, type ScaleValue } from '../core/du-lists.service';
import type { ScaleKind } from '../core/du-scale-value.entity';
import type { ScaleValueInput } from './nomenclatures.schema';

/** Outcome of a save: the id, or stale (edited meanwhile or trashed: 409). */
export type SaveResult = { ok: true; id: number } | { ok: false; stale: true };

/** Evaluations holding a scale value, in the trash too (a restored evaluation needs its values). */
const SCALE_USAGE = `((SELECT count(*) FROM risk_evaluation e WHERE e.gravity_id = x.id)
  + (SELECT count(*) FROM risk_evaluation e WHERE e.probability_id = x.id)
  + (SELECT count(*) FROM risk_evaluation e WHERE e.control_id = x.id))::int`;

/** A scale value with how many evaluations use it. */
export interface ScaleValueRow extends ScaleValue { usage: number }

/** The values of a scale with their usage, by valuation. */
export async function listScaleWithUsage(db: Db, tenantId: number, kind: ScaleKind): Promise<ScaleValueRow[]> {
  const values = await listScale(db, tenantId, kind);
  if (!values.length) return [];
  const usage = await db.query(`SELECT x.id, ${SCALE_USAGE} AS usage FROM du_scale_value x WHERE x.id = ANY($1::int[])`, [values.map((v) => v.id)]);
  const byId = new Map<number, number>(usage.map((u: { id: number; usage: number }) => [u.id, u.usage]));
  return values.map((v) => ({ ...v, usage: byId.get(v.id) ?? 0 }));
}

/**
 * Creates (`id` null) or updates a scale value under the optimistic lock; a new valuation
 * recomputes the company's evaluations in the same transaction.
 */
export async function saveScaleValue(db: DataSource, tenantId: number, kind: ScaleKind, id: number | null, input: ScaleValueInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    if (id === null) {
      const [r] = await m.query('INSERT INTO du_scale_value (tenant_id, kind, label, valuation, color, description) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [tenantId, kind, input.label, input.valuation, input.color, input.description]);
      return { ok: true as const, id: r.id as number };
    }
    const updated = rowsOf(await m.query(
      `UPDATE du_scale_value SET label = $1, valuation = $2, color = $3, description = $4, version = version + 1
        WHERE id = $5 AND tenant_id = $6 AND kind = $7 AND version = $8 AND deleted_at IS NULL RETURNING id`,
      [input.label, input.valuation, input.color, input.description, id, tenantId, kind, input.version]));
    if (!updated.length) return { ok: false as const, stale: true as const };
    await recomputeRatings(m, tenantId);
    return { ok: true as const, id };
  });
}

/** Moves a scale value to the trash, unless an evaluation uses it (« Suppression impossible »). */
export async function removeScaleValue(db: DataSource, tenantId: number, id: number, userId: number): Promise<Removal> {
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT x.label, ${SCALE_USAGE} AS usage FROM du_scale_value x WHERE x.id = $1 AND x.tenant_id = $2 AND x.deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found' as const;
    if (r.usage > 0) return { inUse: { label: r.label as string, count: r.usage as number } };
    await softDelete(m, { table: 'du_scale_value', id, tenantId, title: r.label, userId });
    return { removed: true as const };
  });
}
