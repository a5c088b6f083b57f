import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** Header the client sends for fragments and AJAX forms. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user with the given rights, in a company of his own (or the one given). */
export async function crmUser(t: TestApp, rights: string[], company?: string): Promise<{ user: { id: number; tenantId: number; username: string; password: string }; agent: TestAgent; csrf: string }> {
  const user = await makeUser(t, { rights, company });
  const { agent, csrf } = await loginAs(t, user);
  return { user, agent, csrf };
}

/** Every CRM right: sees, adds and edits everything. */
export const MANAGER = ['companies.view', 'companies.view_all', 'companies.manage_all'];

/** Symfony-style fields of a form. */
export function fields(form: string, values: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(values)) out[Array.isArray(v) ? `${form}[${k}][]` : `${form}[${k}]`] = v;
  return out;
}

/** Inserts a company directly (fast set-up). */
export async function insertTiers(t: TestApp, tenantId: number, name: string, extra: { siret?: string; state?: string; createdBy?: number; referent?: number; city?: string } = {}): Promise<number> {
  const [row] = await t.db.dataSource.query(
    'INSERT INTO tiers (tenant_id, name, siret, state, created_by_id, referent_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [tenantId, name, extra.siret ?? null, extra.state ?? 'customer', extra.createdBy ?? null, extra.referent ?? null]);
  if (extra.city) {
    await t.db.dataSource.query(`INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, is_head_office) VALUES ($1, $2, 'Siège', '1 rue de la Paix', '69001', $3, true)`,
      [tenantId, row.id, extra.city]);
  }
  return row.id;
}
