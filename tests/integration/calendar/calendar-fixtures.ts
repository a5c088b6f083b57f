import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** The header of the client's requests (fragments and JSON errors). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user holding only `rights`. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

/** A user with only `rights` (no role), logged in; in `company` when given. */
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

async function insert(t: TestApp, table: string, row: Record<string, unknown>): Promise<number> {
  const keys = Object.keys(row);
  const [r] = await t.db.dataSource.query(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  return r.id;
}

/** An employee of the company, linked to a user account when `userId` is given. */
export const insertEmployee = (t: TestApp, tenantId: number, userId: number | null, cols: Record<string, unknown> = {}) =>
  insert(t, 'employee', { last_name: 'Durand', first_name: 'Paul', ...cols, user_id: userId, tenant_id: tenantId });

/** A leave request (approved unless told), days `YYYY-MM-DD`. */
export const insertLeave = (t: TestApp, tenantId: number, employeeId: number, start: string, end: string, state = 'approved') =>
  insert(t, 'paid_leave_request', { tenant_id: tenantId, employee_id: employeeId, type: 'paid_leave', start_date: start, end_date: end, state });

/** A work interruption or accident straight in the table. */
export const insertInterruption = (t: TestApp, tenantId: number, employeeId: number, cols: Record<string, unknown>) =>
  insert(t, 'work_interruption', { tenant_id: tenantId, employee_id: employeeId, ...cols });

/** A project of the company created by `createdBy`. */
export const insertProject = (t: TestApp, tenantId: number, label: string, createdBy: number | null, cols: Record<string, unknown> = {}) =>
  insert(t, 'project', { tenant_id: tenantId, label, state: 'in_progress', created_by_id: createdBy, ...cols });

/** A member of a project. */
export const insertMember = (t: TestApp, tenantId: number, projectId: number, userId: number, cols: Record<string, unknown> = {}) =>
  insert(t, 'project_member', { tenant_id: tenantId, project_id: projectId, user_id: userId, ...cols });

/** A task (instants as ISO strings); `projectId` null is a calendar task. */
export const insertTask = (t: TestApp, tenantId: number, projectId: number | null, label: string, start: string, end: string, cols: Record<string, unknown> = {}) =>
  insert(t, 'project_task', { tenant_id: tenantId, project_id: projectId, label, start_at: start, end_at: end, ...cols });

/** Posts a Symfony-style form `<form>[field]` as the client's modal does. */
export function postForm(a: Actor, url: string, form: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Posts fields as the island does (form-encoded, CSRF token). */
export function postFields(a: Actor, url: string, fields: Record<string, unknown> = {}) {
  return a.agent.post(url).set(XHR).type('form').send({ _csrf_token: a.csrf, ...fields });
}

/** The French text of the field error `name` in a re-rendered form, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`data-testid="error-${name}">([^<]*)<`).exec(html);
  return m ? m[1].replace(/&#39;/g, "'") : null;
}
