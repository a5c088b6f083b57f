import type { DataSource } from 'typeorm';
import { choiceErrors } from '../core/du-evaluation-checks';
import type { EvaluationInput } from '../core/du-evaluation.schema';
import { saveEvaluation } from '../core/du-evaluation.service';
import type { DuScope } from '../core/du-scope';
import type { AnalysisRiskLine } from '../../risk-analysis/analysis-risks';
import type { PlanCopyInput } from './plan-copy.schema';

/** What copying a plan's risks came to: the field errors of the shared choices, or the new lines. */
export type PlanCopyOutcome = { ok: false; errors: Record<string, string> } | { ok: true; ids: number[] };

/**
 * Copies the chosen risks of a plan's analysis into the unique risk document of the plan's entity
 * (issue 23 item 9, seed 000 §2): one evaluation per risk, its situation « <zone> : <risque> (plan
 * <n°>) », the work unit, danger family and rating chosen once for all; checked as a new evaluation
 * (`choiceErrors`: the entity in the user's scope, each value on offer) and rated on save.
 */
export async function copyPlanRisks(db: DataSource, tenantId: number, scope: DuScope, itemId: number, pdpNumber: string, lines: AnalysisRiskLine[], input: PlanCopyInput): Promise<PlanCopyOutcome> {
  const inputs: EvaluationInput[] = lines.map((l) => ({
    hierarchyItemId: itemId, workUnitId: input.workUnitId, workstationId: null, dangerFamilyId: input.dangerFamilyId, riskIds: [],
    dangerousSituation: `${l.areaName} : ${l.riskLabel} (${pdpNumber})`.slice(0, 5000), gravityId: input.gravityId, probabilityId: input.probabilityId,
    controlId: input.controlId, residualLevelId: null, organisationalMeasures: null, technicalMeasures: null, frequency: null, exposureModalities: null,
    supervisorId: null, version: 0,
  }));
  if (!inputs.length) return { ok: false, errors: { _form: 'du-actions.duplicate.no_selection' } };
  // Every copy shares the choices checked here: one check is enough.
  const errors = await choiceErrors(db, tenantId, scope, inputs[0]);
  if (Object.keys(errors).length) return { ok: false, errors };
  const ids: number[] = [];
  for (const i of inputs) {
    const saved = await saveEvaluation(db, tenantId, null, i);
    if (saved.ok) ids.push(saved.id);
  }
  return { ok: true, ids };
}
