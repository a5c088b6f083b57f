import type { DataSource } from 'typeorm';
import { choiceErrors } from '../core/du-evaluation-checks';
import type { EvaluationInput } from '../core/du-evaluation.schema';
import { findEvaluation, saveEvaluation, type EvaluationRecord } from '../core/du-evaluation.service';
import { itemInScope, type DuScope } from '../core/du-scope';

/** What a bulk duplicate came to. */
export type DuplicateOutcome =
  | { kind: 'no_selection' }
  /** A selected evaluation is not the company's, is trashed or is out of the user's scope: 404. */
  | { kind: 'not_found' }
  /** The target entity is not one the user may write to. */
  | { kind: 'bad_target' }
  /** A selected line holds a value no longer on offer (a trashed risk or scale value): nothing is copied. */
  | { kind: 'refused'; situation: string }
  | { kind: 'done'; ids: number[] };

/** The copy of `source` for entity `targetItemId`: every field kept but the entity, the copy unlocked (version 0). */
function copyInput(source: EvaluationRecord, targetItemId: number, workstationId: number | null): EvaluationInput {
  return {
    hierarchyItemId: targetItemId, workUnitId: source.workUnitId, workstationId, dangerFamilyId: source.dangerFamilyId, riskIds: source.riskIds,
    dangerousSituation: source.dangerousSituation, gravityId: source.gravityId, probabilityId: source.probabilityId, controlId: source.controlId,
    residualLevelId: source.residualLevelId, organisationalMeasures: source.organisationalMeasures, technicalMeasures: source.technicalMeasures,
    frequency: source.frequency, exposureModalities: source.exposureModalities, supervisorId: source.supervisorId, version: 0,
  };
}

/**
 * Duplicates the selected evaluations to another entity (issue 23 item 4, seed 000 §9) through the
 * evaluation service: each copy is checked as a new evaluation would be (`choiceErrors`: the target
 * entity in the company and in the user's scope, every value still on offer) and rated by the
 * server on save. A workstation tied to another entity is not offered there: the copy has none.
 * Everything is checked before anything is written.
 */
export async function duplicateEvaluations(db: DataSource, tenantId: number, scope: DuScope, ids: number[], targetItemId: number): Promise<DuplicateOutcome> {
  if (!ids.length) return { kind: 'no_selection' };
  const inputs: EvaluationInput[] = [];
  for (const id of ids) {
    const source = await findEvaluation(db, tenantId, id);
    if (!source || !itemInScope(scope, source.hierarchyItemId)) return { kind: 'not_found' };
    let input = copyInput(source, targetItemId, source.workstationId);
    let errors = await choiceErrors(db, tenantId, scope, input);
    if (errors.hierarchyItemId) return { kind: 'bad_target' };
    if (errors.workstationId) {
      input = copyInput(source, targetItemId, null);
      errors = await choiceErrors(db, tenantId, scope, input);
    }
    if (Object.keys(errors).length) return { kind: 'refused', situation: source.dangerousSituation };
    inputs.push(input);
  }
  const created: number[] = [];
  for (const input of inputs) {
    const saved = await saveEvaluation(db, tenantId, null, input);
    if (saved.ok) created.push(saved.id);
  }
  return { kind: 'done', ids: created };
}
