import type { TestApp } from '../../support/app';
import { frenchDay, XHR, type Actor } from '../prevention-plan/plan-helpers';

export { actor, frenchDay, newCompany, XHR, type Actor } from '../prevention-plan/plan-helpers';

/** Rights of the usual parts on a PPSPS. */
export const PPSPS_RIGHTS = {
  author: ['ppsps.view', 'ppsps.add', 'ppsps.edit'],
  reader: ['ppsps.view'],
  viewAll: ['ppsps.view', 'ppsps.view_all'],
  manager: ['ppsps.view', 'ppsps.view_all', 'ppsps.add', 'ppsps.edit', 'ppsps.manage', 'ppsps.delete'],
};

/** Every field seed 002 §5 requires, plus a few others. */
let typed = 0;
export function completePpsps(a: { id: number }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    number: `CH-${++typed}`, correspondentId: String(a.id), startDate: frenchDay(10), endDate: frenchDay(40), startTime: '07:30', endTime: '17:00',
    natureOfOperations: 'Gros œuvre : fondations et élévation des murs', address: '12 rue de la Forge, 69007 Lyon', averageStaff: '6', peakStaff: '10',
    ...extra,
  };
}

/** Posts the PPSPS form (`ppsps[...]` fields) as the browser's fetch does. */
export function postPpsps(a: Actor, url: string, fields: Record<string, unknown>, draft = false) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf, _submit: draft ? 'DRAFT' : 'SAVE' };
  for (const [k, v] of Object.entries(fields)) body[`ppsps[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Creates a PPSPS through the form; returns its id. */
export async function createPpsps(a: Actor, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await postPpsps(a, '/ppsps/new', completePpsps(a, fields));
  if (res.status !== 201) throw new Error(`PPSPS non créé (${res.status}) : ${res.text.slice(0, 800)}`);
  return Number(/\/ppsps\/(\d+)/.exec(res.body.redirect)![1]);
}

let numbers = 0;
/** Inserts a PPSPS row directly (list, rights and due-date tests). */
export async function insertPpsps(t: TestApp, tenantId: number, creatorId: number, cols: Record<string, unknown> = {}): Promise<number> {
  const all: Record<string, unknown> = { tenant_id: tenantId, number: `T-${process.pid}-${++numbers}`, created_by_id: creatorId, status: 'draft', ...cols };
  const names = Object.keys(all);
  const [r] = await t.db.dataSource.query(`INSERT INTO ppsps (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(all));
  return r.id;
}

/** Posts a company block (`ppsps_company[...]`). */
export function postCompany(a: Actor, url: string, fields: Record<string, unknown>) {
  const body: Record<string, unknown> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(fields)) body[`ppsps_company[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** YYYY-MM-DD of today plus `days` (UTC day, as the due-date rule counts). */
export function isoDay(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
