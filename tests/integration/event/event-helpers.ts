import type TestAgent from 'supertest/lib/agent';
import { csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

/** Requests the client makes (fragments, ajax forms). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user of a company, with their agent and CSRF token. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

/** A user holding `rights` (no role) in `company` (a new one when not given), logged in. */
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

/** Every event right (the catalogue's event group). */
export const ALL_EVENT_RIGHTS = ['event.view', 'event.list_all', 'event.add', 'event.edit', 'event.edit_all', 'event.validate', 'event.delete'];

/** A small organisation in a company: two items, two services, a work unit; the supervisor attached to the second ones. */
export async function seedOrganisation(t: TestApp, tenantId: number, supervisorId?: number) {
  const q = async (sql: string, p: unknown[]) => (await t.db.dataSource.query(`${sql} RETURNING id`, p))[0].id as number;
  const type = await q('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1)', [tenantId, 'Site']);
  const itemA = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [tenantId, 'Bâtiment A – Production', type]);
  const itemB = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3)', [tenantId, 'Bâtiment B – Maintenance', type]);
  const serviceA = await q('INSERT INTO service (tenant_id, name) VALUES ($1, $2)', [tenantId, 'Production']);
  const serviceB = await q('INSERT INTO service (tenant_id, name) VALUES ($1, $2)', [tenantId, 'Maintenance']);
  const workUnit = await q('INSERT INTO work_unit (tenant_id, name, weight) VALUES ($1, $2, 2)', [tenantId, 'Atelier usinage']);
  if (supervisorId) {
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [supervisorId, itemB, tenantId]);
    await t.db.dataSource.query('INSERT INTO user_service (user_id, service_id, tenant_id) VALUES ($1, $2, $3)', [supervisorId, serviceB, tenantId]);
  }
  return { itemA, itemB, serviceA, serviceB, workUnit };
}

/** Today minus `days`, as the form types it (DD/MM/YYYY). */
export function frenchDaysAgo(days: number, from = new Date()): string {
  const d = new Date(from.getTime() - days * 86_400_000);
  const p = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(d);
  const get = (type: string) => p.find((x) => x.type === type)!.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** Posts the event form (`event[...]` fields). */
export function postEvent(a: Actor, url: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf, ...extra };
  for (const [k, v] of Object.entries(fields)) body[`event[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Creates an event through the form and returns its id (expects 201). */
export async function createEvent(_t: TestApp, a: Actor, kind: string, fields: Record<string, unknown>, typeId?: number): Promise<number> {
  const url = typeId ? `/events/new/${kind}/${typeId}` : `/events/new/${kind}`;
  const res = await postEvent(a, url, { subject: 'Événement de test', date: frenchDaysAgo(1), ...fields });
  if (res.status !== 201) throw new Error(`Création refusée (${res.status}) : ${res.text.slice(0, 2000)}`);
  const id = Number(/\/events\/(\d+)$/.exec(res.body.redirect)![1]);
  return id;
}

/** The CSRF token of a page. */
export async function pageCsrf(a: Actor, url: string): Promise<string> {
  return csrfFrom((await a.agent.get(url)).text);
}

/** Applies a transition as the client does (form-encoded comment). */
export function transition(a: Actor, id: number, name: string, comment = '') {
  return a.agent.post(`/events/${id}/transition/${name}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment });
}

/** The status stored for an event. */
export async function statusOf(t: TestApp, id: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT status FROM event WHERE id = $1', [id]);
  return row.status;
}
