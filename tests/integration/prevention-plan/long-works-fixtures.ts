import type { DataSource } from 'typeorm';

/** Rows inserted straight in SQL for the long-works and indicator tests (plans, companies, work types). */
export function planFixtures(db: DataSource) {
  const one = async (sql: string, params: unknown[]) => ((await db.query(sql, params)) as Array<{ id: number }>)[0].id;
  let seq = 0;
  return {
    /** A site (hierarchy item) of the tenant. */
    site: async (tenantId: number, name: string) => {
      const type = await one("INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id", [tenantId]);
      return one('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, name, type]);
    },
    /** An outside company of the CRM. */
    tiers: (tenantId: number, name: string) => one('INSERT INTO tiers (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, name]),
    /** A plan; dates ISO, hours the plan's total. */
    plan: (tenantId: number, p: { number?: string; site?: number | null; start?: string | null; end?: string | null; hours?: number | null; status?: string; archived?: boolean; createdBy?: number | null; subject?: string }) =>
      one(`INSERT INTO prevention_plan (tenant_id, pdp_number, subject, hierarchy_item_id, start_date, end_date, hours_worked, status, archived, created_by_id)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [tenantId, p.number ?? `PDP-T-${process.pid}-${++seq}`, p.subject ?? 'Intervention', p.site ?? null, p.start ?? null, p.end ?? null, p.hours ?? null,
          p.status ?? 'draft', p.archived ?? false, p.createdBy ?? null]),
    /** A company on a plan: EE/ST from the CRM (tiersId) or typed by hand (null). */
    company: (tenantId: number, planId: number, kind: 'EU' | 'EE' | 'ST', tiersId: number | null, name: string, parentId: number | null = null) =>
      one('INSERT INTO plan_company (tenant_id, plan_id, kind, tiers_id, name, parent_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [tenantId, planId, kind, tiersId, name, parentId]),
    /** Attaches work types (ids) to a plan. */
    workTypes: async (tenantId: number, planId: number, ids: number[]) => {
      for (const id of ids) await db.query('INSERT INTO plan_work_type (tenant_id, plan_id, work_type_id) VALUES ($1, $2, $3)', [tenantId, planId, id]);
    },
    /** The id of the tenant's work type `label` (defaults seeded first). */
    workType: async (tenantId: number, label: string) => {
      const { listWorkTypeOptions } = await import('../../../server/modules/prevention-admin/work-type.service');
      const found = (await listWorkTypeOptions(db, tenantId)).find((w) => w.label === label);
      if (!found) throw new Error(`Type de travaux inconnu : ${label}`);
      return found.id;
    },
  };
}
