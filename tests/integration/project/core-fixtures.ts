import { csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];

let seq = 0;
/** A company name of its own for each test. */
export const company = (): string => `Projets ${process.pid}-${Date.now()}-${++seq}`;

/** A logged-in user with `rights` in `companyName`, with an agent and a CSRF token. */
export async function actor(t: TestApp, rights: string[], companyName = company()): Promise<{ id: number; tenantId: number; agent: Agent; csrf: string; company: string }> {
  const user = await makeUser(t, { company: companyName, rights });
  const { agent } = await loginAs(t, user);
  const home = await agent.get('/');
  return { id: user.id, tenantId: user.tenantId, agent, csrf: csrfFrom(home.text), company: companyName };
}

/** Posts `<form>[field]` values as the modal client does (XHR, CSRF). */
export function postForm(a: { agent: Agent; csrf: string }, url: string, form: string, fields: Record<string, string | number> = {}) {
  const body: Record<string, string> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = String(v);
  return a.agent.post(url).set('X-Requested-With', 'XMLHttpRequest').type('form').send(body);
}

/** A removal: POST without body (CSRF in the header, as the client sends it). */
export function postEmpty(a: { agent: Agent; csrf: string }, url: string) {
  return a.agent.post(url).set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', a.csrf);
}

/** Inserts a project straight in the database. */
export async function insertProject(t: TestApp, tenantId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const all: Record<string, unknown> = { tenant_id: tenantId, label: `Projet ${++seq}`, ...extra };
  const cols = Object.keys(all);
  const [row] = await t.db.dataSource.query(
    `INSERT INTO project (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(all));
  return row.id;
}

/** Inserts a task of the project (the tasks part owns its forms). */
export async function insertTask(t: TestApp, tenantId: number, projectId: number, label = 'Tâche'): Promise<number> {
  const [row] = await t.db.dataSource.query(
    `INSERT INTO project_task (tenant_id, project_id, label, start_at, end_at) VALUES ($1, $2, $3, now(), now() + interval '1 day') RETURNING id`, [tenantId, projectId, label]);
  return row.id;
}

/** A member of the project. */
export async function insertMember(t: TestApp, tenantId: number, projectId: number, userId: number, flags: { manager?: boolean; manages?: boolean } = {}): Promise<number> {
  const [row] = await t.db.dataSource.query(
    'INSERT INTO project_member (tenant_id, project_id, user_id, is_project_manager, manages_project) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, projectId, userId, !!flags.manager, !!flags.manages]);
  return row.id;
}
