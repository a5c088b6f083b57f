import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { FieldError } from '../../../kernel/http/forms';
import { rowsOf } from '../../../kernel/db/sql';
import { decimal, integer } from '../../../kernel/http/fields';
import { OBJECTIVE_TYPES, type ObjectiveType } from '../objective.entity';

type Db = DataSource | EntityManager;

/** An objective as the admin screen shows it; `lock` is what the edit form was read at. */
export interface ObjectiveRow { id: number; type: ObjectiveType; year: number; value: number; lock: string }


/** The objective form (`objective[...]`): type TF/TG, year, value ≥ 0 with two decimals at most. */
export const objectiveSchema = z.object({
  type: z.enum(OBJECTIVE_TYPES, { error: 'validation.selection' }),
  year: integer(2000, 2100, { error: 'hr-time.objectives.validation.year' }),
  value: decimal(0, 99_999_999.99, { error: 'hr-time.objectives.validation.value', scale: 2, required: 'validation.required' }),
  lock: z.string().optional().default(''),
});
export type ObjectiveInput = z.infer<typeof objectiveSchema>;

const lockOf = (r: { type: string; year: number; value: string | number }) => `${r.type}|${r.year}|${Number(r.value)}`;
const toRow = (r: Record<string, any>): ObjectiveRow => ({ id: r.id, type: r.type, year: r.year, value: Number(r.value), lock: lockOf(r as { type: string; year: number; value: string }) });

/** The company's objectives, newest year first, TF before TG. */
export async function listObjectives(db: Db, tenantId: number): Promise<ObjectiveRow[]> {
  return (await db.query('SELECT id, type, year, value FROM objective WHERE tenant_id = $1 ORDER BY year DESC, type', [tenantId])).map(toRow);
}

/** One objective of the company, or null. */
export async function findObjective(db: Db, tenantId: number, id: number): Promise<ObjectiveRow | null> {
  const [r] = await db.query('SELECT id, type, year, value FROM objective WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return r ? toRow(r) : null;
}

/** Outcome of a save. */
export type ObjectiveSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/**
 * Creates or updates an objective; one per type and year in a company (French error under the year).
 * The table has no version column: an edit is refused as stale when the row no longer holds the
 * values the form was read with (`lock`).
 */
export async function saveObjective(db: DataSource, tenantId: number, id: number | null, input: ObjectiveInput): Promise<ObjectiveSaveResult> {
  return db.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'objective']);
    const [taken] = await m.query('SELECT 1 FROM objective WHERE tenant_id = $1 AND type = $2 AND year = $3 AND id <> $4', [tenantId, input.type, input.year, id ?? 0]);
    if (taken) return { ok: false as const, errors: { year: { key: 'hr-time.objectives.validation.taken', params: { type: input.type, year: input.year } } } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO objective (tenant_id, type, year, value) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, input.type, input.year, input.value]);
      return { ok: true as const, id: row.id };
    }
    const [current] = await m.query('SELECT id, type, year, value FROM objective WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!current || lockOf(current) !== input.lock) return { ok: false as const, stale: true as const };
    rowsOf(await m.query('UPDATE objective SET type = $1, year = $2, value = $3 WHERE id = $4 AND tenant_id = $5', [input.type, input.year, input.value, id, tenantId]));
    return { ok: true as const, id };
  });
}

/** Deletes an objective of the company; false when nothing was deleted. */
export async function deleteObjective(db: Db, tenantId: number, id: number): Promise<boolean> {
  const rows = rowsOf(await db.query('DELETE FROM objective WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId]));
  return rows.length > 0;
}
