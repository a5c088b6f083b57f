import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** The header of the client's modal requests. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user holding only `rights`. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

/** A user with only the given rights (no role), logged in; in the company named `company` when given. */
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

const insert = async (t: TestApp, table: string, row: Record<string, unknown>): Promise<number> => {
  const keys = Object.keys(row);
  const [r] = await t.db.dataSource.query(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(row));
  return r.id;
};

/** A project inserted straight into the table (the project screens are another part). */
export const insertProject = (t: TestApp, tenantId: number, cols: Record<string, unknown> = {}) =>
  insert(t, 'project', { label: 'Projet de test', state: 'in_progress', ...cols, tenant_id: tenantId });

/** A member of a project. */
export const addMember = (t: TestApp, tenantId: number, projectId: number, userId: number, cols: Record<string, unknown> = {}) =>
  insert(t, 'project_member', { ...cols, tenant_id: tenantId, project_id: projectId, user_id: userId });

/** A task inserted straight into the table (dates are instants). */
export const insertTask = (t: TestApp, tenantId: number, projectId: number | null, cols: Record<string, unknown> = {}) =>
  insert(t, 'project_task', { label: 'Tâche', start_at: '2026-03-02T07:00:00Z', end_at: '2026-03-06T16:00:00Z', ...cols, tenant_id: tenantId, project_id: projectId });

/** The HR employee linked to a user account. */
export const insertEmployee = (t: TestApp, tenantId: number, userId: number | null, cols: Record<string, unknown> = {}) =>
  insert(t, 'employee', { last_name: 'Durand', first_name: 'Paul', ...cols, tenant_id: tenantId, user_id: userId });

/** A leave request (approved by default) of an employee, days `YYYY-MM-DD`. */
export const insertLeave = (t: TestApp, tenantId: number, employeeId: number, start: string, end: string, state = 'approved') =>
  insert(t, 'paid_leave_request', { tenant_id: tenantId, employee_id: employeeId, start_date: start, end_date: end, state });

/** A work interruption (sick leave by default) of an employee from `start` to `end` (open when null). */
export const insertInterruption = (t: TestApp, tenantId: number, employeeId: number, start: string, end: string | null, type = 'SICK_LEAVE') =>
  insert(t, 'work_interruption', { tenant_id: tenantId, employee_id: employeeId, type, interruption_start_date: start, interruption_end_date: end, accident_date: type === 'WORK_ACCIDENT' ? start : null });

/** Posts a Symfony-style form `<form>[field]` as the client's modal does. */
export function postForm(a: Actor, url: string, form: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Posts without body (removals, date moves), with the CSRF header as the client does. */
export function postEmpty(a: Actor, url: string) {
  return a.agent.post(url).set(XHR).set('X-CSRF-Token', a.csrf).send();
}

/** The French text of the field error `name` in a re-rendered form, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = new RegExp(`data-testid="error-${name}">([^<]*)<`).exec(html);
  return m ? m[1].replace(/&#39;/g, "'").replace(/&#34;/g, '"') : null;
}

/** The row of a task as the database holds it. */
export async function taskRow(t: TestApp, id: number): Promise<Record<string, any> | undefined> {
  const [r] = await t.db.dataSource.query(
    `SELECT id, project_id, parent_id, label, description, start_at, end_at, hour_estimation::float AS hours, progress, state, assignee_id, is_milestone,
            is_initial_planning, initial_start_at, initial_end_at, done_at, done_comment, version FROM project_task WHERE id = $1`, [id]);
  return r;
}
