import type { Db } from '../../../kernel/db/sql';
import { userInTenant } from '../../../kernel/tenancy';
import { itemInScope, type DuScope } from './du-scope';
import type { EvaluationInput, RatingInput } from './du-evaluation.schema';

/**
 * The field errors of the chosen ids that are not the company's or not on offer (one round trip):
 * an entity outside the user's scope, a workstation not offered for the entity and work unit, a
 * risk of another danger family, a value of the wrong scale ... (`validation.choice`).
 */
export async function choiceErrors(db: Db, tenantId: number, scope: DuScope, input: EvaluationInput): Promise<Record<string, string>> {
  const [r] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL) AS item,
            EXISTS (SELECT 1 FROM work_unit WHERE id = $3 AND tenant_id = $1 AND deleted_at IS NULL) AS unit,
            ($4::int IS NULL OR EXISTS (SELECT 1 FROM du_workstation WHERE id = $4 AND tenant_id = $1 AND deleted_at IS NULL
               AND (hierarchy_item_id IS NULL OR hierarchy_item_id = $2) AND (work_unit_id IS NULL OR work_unit_id = $3))) AS workstation,
            EXISTS (SELECT 1 FROM du_danger_family WHERE id = $5 AND tenant_id = $1 AND deleted_at IS NULL) AS family,
            (SELECT count(*) FROM du_risk WHERE id = ANY($6::int[]) AND tenant_id = $1 AND deleted_at IS NULL AND danger_family_id = $5)::int = cardinality($6::int[]) AS risks,
            ($7::int IS NULL OR EXISTS (SELECT 1 FROM app_user u WHERE u.id = $7 AND ${userInTenant('u', '$1')})) AS supervisor`,
    [tenantId, input.hierarchyItemId, input.workUnitId, input.workstationId, input.dangerFamilyId, input.riskIds, input.supervisorId]);
  const errors: Record<string, string> = await ratingErrors(db, tenantId, input);
  if (!r.item || !itemInScope(scope, input.hierarchyItemId)) errors.hierarchyItemId = 'validation.choice';
  if (!r.unit) errors.workUnitId = 'validation.choice';
  if (!r.workstation) errors.workstationId = 'validation.choice';
  if (!r.family) errors.dangerFamilyId = 'validation.choice';
  if (!r.risks) errors.riskIds = 'validation.choice';
  if (!r.supervisor) errors.supervisorId = 'validation.choice';
  return errors;
}

/** The field errors of a rating: each value of its own scale, the residual level one of the company's. */
export async function ratingErrors(db: Db, tenantId: number, input: RatingInput): Promise<Record<string, string>> {
  const [r] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM du_scale_value WHERE id = $2 AND tenant_id = $1 AND kind = 'gravity' AND deleted_at IS NULL) AS gravity,
            EXISTS (SELECT 1 FROM du_scale_value WHERE id = $3 AND tenant_id = $1 AND kind = 'probability' AND deleted_at IS NULL) AS probability,
            EXISTS (SELECT 1 FROM du_scale_value WHERE id = $4 AND tenant_id = $1 AND kind = 'control' AND deleted_at IS NULL) AS control,
            ($5::int IS NULL OR EXISTS (SELECT 1 FROM du_priority_level WHERE id = $5 AND tenant_id = $1)) AS residual`,
    [tenantId, input.gravityId, input.probabilityId, input.controlId, input.residualLevelId]);
  const errors: Record<string, string> = {};
  if (!r.gravity) errors.gravityId = 'validation.choice';
  if (!r.probability) errors.probabilityId = 'validation.choice';
  if (!r.control) errors.controlId = 'validation.choice';
  if (!r.residual) errors.residualLevelId = 'validation.choice';
  return errors;
}
