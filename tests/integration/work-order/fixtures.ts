import { actor, insertPlan, newCompany, XHR, type Actor } from '../prevention-plan/plan-helpers';
import { addCompany } from '../plan-document/helpers';
import { drawing } from '../../support/png';
import type { TestApp } from '../../support/app';
import { todayIso } from '../../../server/kernel/clock';

export { XHR, newCompany, actor, type Actor };

/** `YYYY-MM-DD` of today plus `days`, today being the application's day in Paris (UTC's differs near midnight). */
export const isoDay = (days: number) => new Date(Date.parse(`${todayIso()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** DD/MM/YYYY of today plus `days`. */
export const frDay = (days: number) => { const i = isoDay(days); return `${i.slice(8, 10)}/${i.slice(5, 7)}/${i.slice(0, 4)}`; };

/** A plan (in operation by default) whose ordering customer is `oc`, from 5 days ago to 30 days ahead, with an EE company. */
export async function planWithCompany(t: TestApp, oc: { id: number; tenantId: number }, cols: Record<string, unknown> = {}): Promise<{ planId: number; companyId: number; number: string }> {
  const planId = await insertPlan(t, oc.tenantId, oc.id, { ordering_customer_id: oc.id, status: 'in_operation', start_date: -5, end_date: 30, subject: 'Révision des compresseurs', ...cols });
  const companyId = await addCompany(t, oc.tenantId, planId, 'EE', 'Électricité Durand SARL', { email: 'contact@durand-elec.fr' });
  const [{ pdp_number: number }] = await t.db.dataSource.query('SELECT pdp_number FROM prevention_plan WHERE id = $1', [planId]);
  return { planId, companyId, number };
}

/** The fields of a valid work order on `companyId`, today to in two days. */
export function fields(companyId: number, extra: Record<string, string> = {}): Record<string, string> {
  return { planCompanyId: String(companyId), startDate: frDay(0), endDate: frDay(2), nature: 'Remplacement du disjoncteur général', hours: '7h30 – 16h30', atexZone: 'none', ...extra };
}

/** Posts the work order form (`work_order[...]`) as the modal does. */
export function postForm(a: Actor, url: string, f: Record<string, string>) {
  const body: Record<string, string> = { _csrf_token: a.csrf };
  for (const [k, v] of Object.entries(f)) body[`work_order[${k}]`] = v;
  return a.agent.post(url).set(XHR).type('form').send(body);
}

/** Creates a work order through the form; returns its id. */
export async function createWorkOrder(a: Actor, planId: number, companyId: number, extra: Record<string, string> = {}): Promise<number> {
  const res = await postForm(a, `/work-order/add/${planId}`, fields(companyId, extra));
  if (res.status !== 201) throw new Error(`Bon de travail non créé (${res.status}) : ${res.text.slice(0, 800)}`);
  return Number(/\/work-order\/(\d+)/.exec(res.body.redirect)![1]);
}

/** Applies a transition (with a signature when `sign`), as the buttons and the signature form do. */
export function transition(a: Actor, id: number, name: string, extra: Record<string, string> = {}) {
  return a.agent.post(`/work-order/${id}/apply/${name}`).set(XHR).type('form').send({ _csrf_token: a.csrf, comment: '', ...extra });
}

/** A drawn signature posted by a signature form. */
export const signed = (name: string) => ({ 'signature[name]': name, 'signature[image]': drawing() });

/** The stored row of a work order. */
export async function row(t: TestApp, id: number): Promise<Record<string, any>> {
  const [r] = await t.db.dataSource.query('SELECT * FROM work_order WHERE id = $1', [id]);
  return r;
}
