import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** The header of the client's modal requests. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user with only the given rights. */
export interface Actor { id: number; tenantId: number; username: string; agent: TestAgent; csrf: string }

/** A user holding only `rights`, logged in; in `company` when given. */
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

/** Inserts a row and answers its id. */
export async function insert(t: TestApp, table: string, row: Record<string, unknown>): Promise<number> {
  const keys = Object.keys(row);
  const [r] = await t.db.dataSource.query(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  return r.id;
}

/** The fields every valid controllable form carries (park number and « owned by the client » are required). */
export const REQUIRED = { parkNumber: 'P-001', ownedByClient: '0' };

/** Posts a `<form>[field]` form as the client's modal does. */
export function postForm(a: Actor, url: string, form: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Posts a controllable form. */
export const postControllable = (a: Actor, url: string, fields: Record<string, unknown>) => postForm(a, url, 'vgp_controllable', fields);

/** Posts an empty form (archive, delete). */
export function postEmpty(a: Actor, url: string) {
  return a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf });
}

/** The French text of the field error `name` in a re-rendered form, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`data-testid="error-${name}">([^<]*)<`).exec(html);
  return m ? m[1].replace(/&#39;/g, "'") : null;
}

/** The id of the controllable named `name`. */
export async function controllableId(t: TestApp, tenantId: number, name: string): Promise<number> {
  const [r] = await t.db.dataSource.query('SELECT id FROM vgp_controllable WHERE tenant_id = $1 AND name = $2', [tenantId, name]);
  return r.id;
}
