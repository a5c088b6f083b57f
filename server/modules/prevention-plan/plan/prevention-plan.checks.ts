import type { PlanCheck, PlanProblem } from '../core/plan-checks';
import { externalPlansAllowed } from './plan-form.service';
import { findPlan } from '../core/prevention-plan.service';
import { requiredFieldErrors, type PlanInput } from '../core/prevention-plan.schema';

/**
 * `plan-fields`: the rules of seed 002 section 5 over the saved plan (a draft may lack them):
 * required fields, punctual or periodic (frequency when periodic), at least one work type, and
 * medical-supervision works complete. Each problem names the field (`prevention-plan.fields.*`).
 */
export const planFieldsCheck: PlanCheck = {
  name: 'plan-fields',
  check: async (db, ref) => {
    const plan = await findPlan(db, ref.tenantId, ref.id);
    if (!plan) return [];
    const data = {
      ...plan, subject: plan.subject ?? '', frequency: plan.frequency ?? '', interventionAddress: plan.interventionAddress ?? '',
      sectorPrecision: plan.sectorPrecision ?? '', participants: plan.participants ?? '', procedures: plan.procedures ?? '',
      description: plan.description ?? '', comments: plan.comments ?? '',
    } as unknown as PlanInput;
    const errors = requiredFieldErrors(data, { externalAllowed: await externalPlansAllowed(db, ref.tenantId) });
    const problems: PlanProblem[] = Object.entries(errors).map(([field, key]) => ({
      severity: 'error', key: 'prevention-plan.checks.field', params: { field: `prevention-plan.fields.${field}`, rule: key.startsWith('prevention-plan.') ? key : `prevention-plan.checks.rules.${key.replace('validation.', '')}` },
      tab: ['participants', 'procedures', 'description', 'comments', 'descriptionSector'].includes(field) ? 'description'
        : field === 'prerunInspectionDate' ? 'inspection' : 'intervention',
    }));
    const [bad] = await db.query(
      `SELECT count(*)::int AS n FROM plan_medical_work WHERE tenant_id = $1 AND plan_id = $2
        AND (trim(name) = '' OR trim(type) = '' OR trim(companies) = '' OR number < 1)`, [ref.tenantId, ref.id]);
    if (bad?.n > 0) problems.push({ severity: 'error', key: 'prevention-plan.checks.medical_works', params: { count: bad.n }, tab: 'materials' });
    return problems;
  },
};

/**
 * `plan-inspection`: the prior joint inspection of seed 002 §5 — its date, whether facilities are
 * made available, and at least one representative. (Its order with the start date is checked by
 * `plan-fields`; the 72-hour invitation comes with the signing workflow.)
 */
export const planInspectionCheck: PlanCheck = {
  name: 'plan-inspection',
  check: async (db, ref) => {
    const [row] = await db.query(
      `SELECT p.prerun_inspection_date IS NOT NULL AS dated, p.installation_available IS NOT NULL AS facilities,
              (SELECT count(*)::int FROM plan_inspection_participant x WHERE x.plan_id = p.id AND x.tenant_id = p.tenant_id) AS participants
         FROM prevention_plan p WHERE p.id = $1 AND p.tenant_id = $2`, [ref.id, ref.tenantId]);
    if (!row) return [];
    const problems: PlanProblem[] = [];
    const missing = (field: string) => problems.push({
      severity: 'error', key: 'prevention-plan.checks.field', params: { field: `prevention-plan.fields.${field}`, rule: 'prevention-plan.checks.rules.required' }, tab: 'inspection',
    });
    if (!row.dated) missing('prerunInspectionDate');
    if (!row.facilities) missing('installationAvailable');
    if (row.participants === 0) problems.push({ severity: 'error', key: 'prevention-plan.checks.inspection_participants', tab: 'inspection' });
    return problems;
  },
};
