import type TestAgent from 'supertest/lib/agent';
import { createAction, type CreateActionInput } from '../../../server/modules/action-plan/action-plan.service';
import { loginAs, makeUser, type TestApp } from '../../support/app';

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
export const FORM = 'mfpreventionbundle_action';

/** A logged-in user of a test company. */
export interface Member {
  id: number;
  tenantId: number;
  username: string;
  password: string;
  agent: TestAgent;
  csrf: string;
}

let companies = 0;

/** A fresh company name, so every test has its own tenant. */
export function newCompany(): string {
  return `Industrie ${process.pid}-${++companies}-${Date.now() % 1e6}`;
}

/** A user of `company` holding exactly `rights` (no system role), logged in. */
export async function member(t: TestApp, company: string, rights: string[], opts: { roles?: string[]; firstName?: string } = {}): Promise<Member> {
  const user = await makeUser(t, { company, roles: opts.roles ?? [], rights });
  if (opts.firstName) await t.db.dataSource.query('UPDATE app_user SET first_name = $2 WHERE id = $1', [user.id, opts.firstName]);
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf };
}

/** Rights of the usual parts a user plays on an action. */
export const RIGHTS = {
  creator: ['action.view', 'action.add', 'action.assignable'],
  assignee: ['action.view', 'action.assignable'],
  closer: ['action.view', 'action.view_all', 'action.close', 'action.assignable'],
  manager: ['action.view', 'action.view_all', 'action.add', 'action.edit_all', 'action.close', 'action.reassign', 'action.archive', 'action.delete_drafts', 'action.assignable'],
};

/** A company with a creator, an assignee, a second assignee, a closer and a manager. */
export async function team(t: TestApp) {
  const company = newCompany();
  const creator = await member(t, company, RIGHTS.creator, { firstName: 'Claire' });
  const assignee = await member(t, company, RIGHTS.assignee, { firstName: 'Julien' });
  const other = await member(t, company, RIGHTS.assignee, { firstName: 'Karim' });
  const closer = await member(t, company, RIGHTS.closer, { firstName: 'Sophie' });
  const manager = await member(t, company, RIGHTS.manager, { firstName: 'Marc' });
  return { company, tenantId: creator.tenantId, creator, assignee, other, closer, manager };
}

/** Creates an action through the module's API, in its own transaction. */
export async function newAction(t: TestApp, tenantId: number, creatorId: number, input: Partial<CreateActionInput> = {}): Promise<number> {
  return t.db.dataSource.transaction((m) => createAction(m, tenantId, creatorId, { comments: 'Remplacer le garde-corps de la passerelle', ...input }));
}

/** Forces an action into a status (to test transitions from every state). */
export async function forceStatus(t: TestApp, id: number, status: string): Promise<void> {
  await t.db.dataSource.query('UPDATE action SET status = $2 WHERE id = $1', [id, status]);
}

/** The stored row of an action. */
export async function row(t: TestApp, id: number): Promise<Record<string, any>> {
  const [r] = await t.db.dataSource.query('SELECT *, deadline::text AS deadline_text, closure_date::text AS closure_text FROM action WHERE id = $1', [id]);
  return r;
}

/** Posts the block form of an action as the client does (XHR), with the form fields given by their short names. */
export function postBlock(who: Member, id: number, fields: Record<string, string | string[]>, workflow = '', extra: Record<string, string> = {}) {
  const body: Record<string, unknown> = { _csrf_token: who.csrf, index: '0', workflow, ...extra };
  for (const [k, v] of Object.entries(fields)) body[`${FORM}[${k}]`] = v;
  return who.agent.post(`/action-plan/${id}/workflow`).set(XHR).type('form').send(body as Record<string, string>);
}

/** The current version of an action (for the optimistic lock). */
export async function version(t: TestApp, id: number): Promise<string> {
  return String((await row(t, id)).version);
}

/** Today in Paris as DD/MM/YYYY. */
export function todayFr(): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
}

/** The efficiency synthesis values of a company (seeded by the nomenclature module). */
export async function efficiencyIds(t: TestApp, tenantId: number): Promise<number[]> {
  const { listNomenclature } = await import('../../../server/modules/nomenclature/nomenclature.service');
  return (await listNomenclature(t.db.dataSource, tenantId, 'efficiency_synthesis')).map((o) => o.id);
}
