import type { TestApp } from '../../support/app';

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Symfony-style fields `<form>[<name>]` (arrays as `<name>[]`). */
export function fields(form: string, values: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(values)) out[Array.isArray(v) ? `${form}[${k}][]` : `${form}[${k}]`] = v;
  return out;
}

/** A plan of the tenant created by `userId` (so he is involved and sees it), with an EU and an EE company. */
export async function makePlan(t: TestApp, tenantId: number, userId: number, opts: { archived?: boolean } = {}): Promise<{ id: number; eu: number; ee: number }> {
  const db = t.db.dataSource;
  const [plan] = await db.query(
    `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, archived) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [tenantId, `PDP-${Date.now() % 1e7}-${Math.floor(Math.random() * 1000)}`, 'Maintenance de la ligne 3', userId, opts.archived ?? false]);
  const [eu] = await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EU', 'Usine Nord') RETURNING id`, [tenantId, plan.id]);
  const [ee] = await db.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) VALUES ($1, $2, 'EE', 'Électro Services') RETURNING id`, [tenantId, plan.id]);
  return { id: plan.id, eu: eu.id, ee: ee.id };
}

/** A template of the tenant with areas given as [name, checkedByDefault, responsibleKind]. */
export async function makeTemplate(t: TestApp, tenantId: number, name: string, areas: Array<[string, boolean, 'EU' | 'EE' | 'ST' | null]>): Promise<number> {
  const db = t.db.dataSource;
  const [tpl] = await db.query(`INSERT INTO risk_analysis_template (tenant_id, type, name) VALUES ($1, 'prevention_plan', $2) RETURNING id`, [tenantId, name]);
  for (const [i, [area, checked, kind]] of areas.entries()) {
    await db.query('INSERT INTO risk_area (tenant_id, template_id, name, position, checked_by_default, responsible_kind) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, tpl.id, area, i + 1, checked, kind]);
  }
  return tpl.id;
}
