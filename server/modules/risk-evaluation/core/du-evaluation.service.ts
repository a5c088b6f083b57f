import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import { rate, type LevelRange } from './rating';
import type { EvaluationInput, RatingInput } from './du-evaluation.schema';

/** An evaluation as the form reads it. */
export interface EvaluationRecord {
  id: number; hierarchyItemId: number; workUnitId: number; workstationId: number | null; dangerFamilyId: number; riskIds: number[];
  dangerousSituation: string; gravityId: number; probabilityId: number; grossRisk: number; organisationalMeasures: string | null;
  technicalMeasures: string | null; controlId: number; priorityRisk: number; priorityLevelId: number | null; residualLevelId: number | null;
  frequency: string | null; exposureModalities: string | null; supervisorId: number | null; archived: boolean; version: number;
}

/** One evaluation of the company (not in the trash) with its associated risks, or null. */
export async function findEvaluation(db: Db, tenantId: number, id: number): Promise<EvaluationRecord | null> {
  const [r] = await db.query(
    `SELECT e.*, coalesce((SELECT array_agg(x.risk_id ORDER BY x.risk_id) FROM risk_evaluation_risk x WHERE x.evaluation_id = e.id), '{}') AS risk_ids
       FROM risk_evaluation e WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL`, [id, tenantId]);
  if (!r) return null;
  return {
    id: r.id, hierarchyItemId: r.hierarchy_item_id, workUnitId: r.work_unit_id, workstationId: r.workstation_id, dangerFamilyId: r.danger_family_id,
    riskIds: (r.risk_ids ?? []).map(Number), dangerousSituation: r.dangerous_situation, gravityId: r.gravity_id, probabilityId: r.probability_id,
    grossRisk: r.gross_risk, organisationalMeasures: r.organisational_measures, technicalMeasures: r.technical_measures, controlId: r.control_id,
    priorityRisk: r.priority_risk, priorityLevelId: r.priority_level_id, residualLevelId: r.residual_level_id, frequency: r.frequency,
    exposureModalities: r.exposure_modalities, supervisorId: r.supervisor_id, archived: r.archived, version: r.version,
  };
}

/** Outcome of a save: the id, or stale (edited meanwhile, archived state kept, or trashed: 409). */
export type EvaluationSaveResult = { ok: true; id: number } | { ok: false; stale: true };

/**
 * The server's rating of the chosen gravity, probability and control, read in the transaction (the
 * browser's figures are never trusted): gross risk, priority risk and the level whose range holds it.
 */
async function serverRating(m: EntityManager, tenantId: number, input: RatingInput): Promise<{ grossRisk: number; priorityRisk: number; levelId: number | null }> {
  const values: Array<{ id: number; valuation: number }> = await m.query(
    // FOR SHARE: a valuation or a level changed meanwhile waits for this save, then its recomputation sees this row.
    'SELECT id, valuation FROM du_scale_value WHERE tenant_id = $1 AND id = ANY($2::int[]) FOR SHARE', [tenantId, [input.gravityId, input.probabilityId, input.controlId]]);
  const valuation = (id: number) => values.find((v) => v.id === id)!.valuation;
  const levels: LevelRange[] = (await m.query('SELECT id, label, color, min_value, max_value FROM du_priority_level WHERE tenant_id = $1 FOR SHARE', [tenantId]))
    .map((l: Record<string, any>) => ({ id: l.id, label: l.label, color: l.color, minValue: l.min_value, maxValue: l.max_value }));
  const r = rate(valuation(input.gravityId), valuation(input.probabilityId), valuation(input.controlId), levels);
  return { grossRisk: r.grossRisk, priorityRisk: r.priorityRisk, levelId: r.level?.id ?? null };
}

async function replaceRisks(m: EntityManager, tenantId: number, id: number, riskIds: number[]): Promise<void> {
  await m.query('DELETE FROM risk_evaluation_risk WHERE evaluation_id = $1', [id]);
  if (riskIds.length) {
    await m.query('INSERT INTO risk_evaluation_risk (evaluation_id, risk_id, tenant_id) SELECT $1, unnest($2::int[]), $3', [id, riskIds, tenantId]);
  }
}

/**
 * Creates (`id` null) or updates every field of an evaluation, under the optimistic lock, its
 * rating computed here. The caller has checked every chosen id belongs to the company.
 */
export async function saveEvaluation(db: DataSource, tenantId: number, id: number | null, input: EvaluationInput): Promise<EvaluationSaveResult> {
  return db.transaction(async (m) => {
    const rating = await serverRating(m, tenantId, input);
    const values = [input.hierarchyItemId, input.workUnitId, input.workstationId, input.dangerFamilyId, input.dangerousSituation, input.gravityId, input.probabilityId,
      rating.grossRisk, input.organisationalMeasures, input.technicalMeasures, input.controlId, rating.priorityRisk, rating.levelId, input.residualLevelId,
      input.frequency, input.exposureModalities, input.supervisorId];
    let savedId: number;
    if (id === null) {
      const [r] = await m.query(
        `INSERT INTO risk_evaluation (hierarchy_item_id, work_unit_id, workstation_id, danger_family_id, dangerous_situation, gravity_id, probability_id,
           gross_risk, organisational_measures, technical_measures, control_id, priority_risk, priority_level_id, residual_level_id, frequency,
           exposure_modalities, supervisor_id, tenant_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`, [...values, tenantId]);
      savedId = r.id;
    } else {
      const updated = rowsOf(await m.query(
        `UPDATE risk_evaluation SET hierarchy_item_id = $1, work_unit_id = $2, workstation_id = $3, danger_family_id = $4, dangerous_situation = $5,
           gravity_id = $6, probability_id = $7, gross_risk = $8, organisational_measures = $9, technical_measures = $10, control_id = $11,
           priority_risk = $12, priority_level_id = $13, residual_level_id = $14, frequency = $15, exposure_modalities = $16, supervisor_id = $17,
           version = version + 1, updated_at = now()
         WHERE id = $18 AND tenant_id = $19 AND version = $20 AND deleted_at IS NULL RETURNING id`, [...values, id, tenantId, input.version]));
      if (!updated.length) return { ok: false as const, stale: true as const };
      savedId = id;
    }
    await replaceRisks(m, tenantId, savedId, input.riskIds);
    return { ok: true as const, id: savedId };
  });
}

/** Updates only the rating fields of an evaluation (« modifier la cotation du risque »), under the optimistic lock. */
export async function saveRating(db: DataSource, tenantId: number, id: number, input: RatingInput): Promise<EvaluationSaveResult> {
  return db.transaction(async (m) => {
    const rating = await serverRating(m, tenantId, input);
    const updated = rowsOf(await m.query(
      `UPDATE risk_evaluation SET gravity_id = $1, probability_id = $2, control_id = $3, residual_level_id = $4, gross_risk = $5, priority_risk = $6,
         priority_level_id = $7, version = version + 1, updated_at = now()
       WHERE id = $8 AND tenant_id = $9 AND version = $10 AND deleted_at IS NULL RETURNING id`,
      [input.gravityId, input.probabilityId, input.controlId, input.residualLevelId, rating.grossRisk, rating.priorityRisk, rating.levelId, id, tenantId, input.version]));
    return updated.length ? { ok: true as const, id } : { ok: false as const, stale: true as const };
  });
}

/** Archives or unarchives an evaluation; false when it is not the company's (or trashed). */
export async function setArchived(db: Db, tenantId: number, id: number, archived: boolean): Promise<boolean> {
  const updated = rowsOf(await db.query(
    'UPDATE risk_evaluation SET archived = $1, version = version + 1, updated_at = now() WHERE id = $2 AND tenant_id = $3 AND deleted_at IS NULL RETURNING id',
    [archived, id, tenantId]));
  return updated.length > 0;
}

/** Moves an evaluation to the trash (restorable there); false when not found. */
export async function trashEvaluation(db: DataSource, tenantId: number, id: number, title: string, userId: number): Promise<boolean> {
  return db.transaction((m) => softDelete(m, { table: 'risk_evaluation', id, tenantId, title, userId }));
}
