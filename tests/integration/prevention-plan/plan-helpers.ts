import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';
import { todayIso } from '../../../server/kernel/clock';

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user of a test company. */
export interface Actor { id: number; tenantId: number; username: string; password: string; agent: TestAgent; csrf: string }

let n = 0;
/** A fresh company name: every test has its own tenant. */
export const newCompany = () => `Chimie Rhône ${process.pid}-${++n}-${Date.now() % 1e6}`;

/** Rights of the usual parts on a plan. */
export const RIGHTS = {
  author: ['pdp.view', 'pdp.add', 'pdp.edit'],
  reader: ['pdp.view'],
  viewAll: ['pdp.view', 'pdp.view_all'],
  manager: ['pdp.view', 'pdp.view_all', 'pdp.add', 'pdp.edit', 'pdp.manage', 'pdp.delete', 'pdp.comment', 'pdp.documents', 'pdp.risk_analyses'],
};

/** A user of `company` holding exactly `rights`, logged in. */
export async function actor(t: TestApp, company: string, rights: string[], firstName = 'Camille'): Promise<Actor> {
  const user = await makeUser(t, { company, roles: [], rights });
  await t.db.dataSource.query('UPDATE app_user SET first_name = $2 WHERE id = $1', [user.id, firstName]);
  const { agent, csrf } = await loginAs(t, user);
  return { ...user, agent, csrf };
}

/** A site the plans may use (a hierarchy type with `attach_pdp`), a second site, and two work types. */
export async function setting(t: TestApp, tenantId: number) {
  const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params).then((r: Array<{ id: number }>) => r[0].id);
  const type = await q("INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id", [tenantId]);
  const site = await q("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2) RETURNING id", [tenantId, type]);
  const other = await q("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Entrepôt de Vénissieux', $2) RETURNING id", [tenantId, type]);
  const electrical = await q("INSERT INTO work_type (tenant_id, label, dangerous) VALUES ($1, 'Travaux électriques', true) RETURNING id", [tenantId]);
  const cleaning = await q("INSERT INTO work_type (tenant_id, label, dangerous) VALUES ($1, 'Nettoyage des locaux', false) RETURNING id", [tenantId]);
  return { site, other, electrical, cleaning };
}

/** Today plus `days` as the form types it (DD/MM/YYYY, Paris day). */
export function frenchDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(d);
  const get = (ty: string) => p.find((x) => x.type === ty)!.value;
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** Every required field of a complete plan (seed 002 section 5). */
export function completeFields(a: { id: number }, s: { site: number; electrical: number }): Record<string, unknown> {
  return {
    subject: 'Maintenance des armoires électriques', orderingCustomerId: String(a.id), hierarchyItemId: String(s.site),
    isPunctual: '1', startDate: frenchDay(10), endDate: frenchDay(12), plannedStartTime: '07:30', plannedEndTime: '16:30',
    informationJobInspectionDate: frenchDay(1), sectorPrecision: 'Local TGBT', hoursWorked: '48', workTypeIds: [String(s.electrical)],
    description: 'Resserrage des connexions', participants: 'Électriciens habilités', procedures: 'Consignation électrique', comments: 'Coupure ligne 2',
  };
}

/** Posts the plan form (`pdp[...]` fields) as the browser's fetch does. */
export function postPlan(a: Actor, url: string, fields: Record<string, unknown>, draft = false) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf, _submit: draft ? 'DRAFT' : 'SAVE' };
  for (const [k, v] of Object.entries(fields)) body[`pdp[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Creates a complete plan through the form; returns its id. */
export async function createPlan(a: Actor, s: { site: number; electrical: number }, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await postPlan(a, '/prevention-plan/new', { ...completeFields(a, s), ...fields });
  if (res.status !== 201) throw new Error(`Plan non créé (${res.status}) : ${res.text.slice(0, 500)}`);
  return Number(/\/prevention-plan\/(\d+)/.exec(res.body.redirect)![1]);
}

/** The stored row of a plan. */
export async function planRow(t: TestApp, id: number): Promise<Record<string, any>> {
  const [row] = await t.db.dataSource.query('SELECT * FROM prevention_plan WHERE id = $1', [id]);
  return row;
}

let numbers = 0;
/** Inserts a plan row directly (list and rights tests), dates as `YYYY-MM-DD` or days from today. */
export async function insertPlan(t: TestApp, tenantId: number, creatorId: number, cols: Record<string, unknown> = {}): Promise<number> {
  const iso = (v: unknown) => (typeof v === 'number' ? new Date(Date.parse(`${todayIso()}T00:00:00Z`) + v * 86_400_000).toISOString().slice(0, 10) : v);
  const values: Record<string, unknown> = {
    tenant_id: tenantId, pdp_number: `PDP-T-${process.pid}-${++numbers}`, subject: 'Plan de test', created_by_id: creatorId, ...cols,
  };
  for (const k of ['start_date', 'end_date']) if (k in values) values[k] = iso(values[k]);
  const names = Object.keys(values);
  const [row] = await t.db.dataSource.query(
    `INSERT INTO prevention_plan (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(values));
  return row.id;
}
