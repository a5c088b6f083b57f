import type { Db } from './plan-checks';

/** A worker of one of the plan's outside companies (EE or subcontractor), as a permit offers them. */
export interface PlanOutsideWorker { id: number; name: string; companyId: number; companyName: string }

/**
 * The staff of the plan's outside companies (EE and ST, not the user company), by company then
 * name: the people a permit of the plan may name besides the company's users.
 */
export async function planOutsideWorkers(db: Db, tenantId: number, planId: number): Promise<PlanOutsideWorker[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT s.id, NULLIF(trim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')), '') AS name, c.id AS company_id, c.name AS company_name
       FROM plan_staff s JOIN plan_company c ON c.id = s.plan_company_id AND c.tenant_id = s.tenant_id
      WHERE s.tenant_id = $1 AND s.plan_id = $2 AND c.kind IN ('EE', 'ST')
      ORDER BY lower(c.name), c.id, lower(s.last_name), lower(coalesce(s.first_name, '')), s.id`, [tenantId, planId]);
  return rows.map((r) => ({ id: Number(r.id), name: r.name ?? '', companyId: Number(r.company_id), companyName: r.company_name }));
}
