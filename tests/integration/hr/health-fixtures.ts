import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** The header of the client's modal requests. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user with only the given rights. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

/** A user holding only `rights` (no role), logged in; in `company` when given. */
export async function actor(t: TestApp, rights: string[], company?: string): Promise<Actor> {
  const user = await makeUser(t, { roles: [], rights, company });
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf };
}

/** The company's name (to put other users in it). */
export async function companyOf(t: TestApp, tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

/** An employee inserted straight into the table (the employee screens are another part). */
export async function insertEmployee(t: TestApp, tenantId: number, cols: Record<string, unknown> = {}): Promise<number> {
  const row: Record<string, unknown> = { last_name: 'Durand', first_name: 'Paul', ...cols, tenant_id: tenantId };
  const keys = Object.keys(row);
  const [r] = await t.db.dataSource.query(`INSERT INTO employee (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  return r.id;
}

/** A service of the company. */
export async function insertService(t: TestApp, tenantId: number, name: string): Promise<number> {
  const [r] = await t.db.dataSource.query('INSERT INTO service (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, name]);
  return r.id;
}

/** Posts a Symfony-style form `<form>[field]` as the client's modal does. */
export function postForm(a: Actor, url: string, form: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Posts an empty form (removals, buttons). */
export function postEmpty(a: Actor, url: string, extra: Record<string, unknown> = {}) {
  return a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf, ...extra });
}

/** The French text of the field error `name` in a re-rendered form, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`data-testid="error-${name}">([^<]*)<`).exec(html);
  return m ? m[1].replace(/&#39;/g, "'") : null;
}
