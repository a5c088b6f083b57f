import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** Fixtures of the maintenance book, tours and labels tests (equipment and controls written by SQL). */

/** The header of the client's modal requests. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

/** A user holding `rights` (or `roles`), logged in; in `company` when given. */
export async function actor(t: TestApp, rights: string[], opts: { company?: string; roles?: string[] } = {}): Promise<Actor> {
  const user = await makeUser(t, { roles: opts.roles ?? [], rights, company: opts.company });
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf };
}

/** The company's name (to put other users in it). */
export async function companyOf(t: TestApp, tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

/** Two entities of a company: a root and a site under it. */
export async function entities(t: TestApp, tenantId: number): Promise<{ root: number; site: number; other: number }> {
  const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p).then((r: Array<{ id: number }>) => r[0].id);
  const type = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [tenantId]);
  const root = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2) RETURNING id`, [tenantId, type]);
  const site = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Atelier de montage', $2, $3) RETURNING id`, [tenantId, type, root]);
  const other = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Dépôt de Nantes', $2) RETURNING id`, [tenantId, type]);
  return { root, site, other };
}

/** Attaches a user to an entity (their VGP scope becomes that entity and below). */
export async function attach(t: TestApp, a: { id: number; tenantId: number }, itemId: number): Promise<void> {
  await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [a.id, itemId, a.tenantId]);
}

/** An equipment inserted straight into the table (the equipment screens are another part). */
export async function insertEquipment(t: TestApp, tenantId: number, cols: Record<string, unknown> = {}): Promise<number> {
  const row: Record<string, unknown> = { name: 'Pont roulant 5 t', ...cols, tenant_id: tenantId };
  const keys = Object.keys(row);
  const [r] = await t.db.dataSource.query(`INSERT INTO equipment (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  return r.id;
}

/** A control to carry out (controllable) inserted straight into the table. */
export async function insertControllable(t: TestApp, tenantId: number, cols: Record<string, unknown> = {}): Promise<number> {
  const row: Record<string, unknown> = { name: 'VGP annuelle', frequency: 12, frequency_unit: 'month', ...cols, tenant_id: tenantId };
  const keys = Object.keys(row);
  const [r] = await t.db.dataSource.query(`INSERT INTO vgp_controllable (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  return r.id;
}

/** Posts a Symfony-style form `<form>[field]` as the client's modal does. */
export function postForm(a: Actor, url: string, form: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Posts an empty form (removals, buttons), with extra fields. */
export function postEmpty(a: Actor, url: string, extra: Record<string, unknown> = {}) {
  return a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf, ...extra });
}

/** The French text of the field error `name` in a re-rendered form, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`data-testid="error-${name}">([^<]*)<`).exec(html);
  return m ? m[1].replace(/&#39;/g, "'") : null;
}
