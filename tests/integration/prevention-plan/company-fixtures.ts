import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A logged-in user of a test company. */
export interface Member {
  id: number;
  tenantId: number;
  agent: TestAgent;
  csrf: string;
}

let companies = 0;

/** A fresh company name, so every test has its own tenant. */
export function newCompany(): string {
  return `Chimie ${process.pid}-${++companies}-${Date.now() % 1e6}`;
}

/** Rights of a plan editor (he creates the plans of the tests, so he may edit them). */
export const EDITOR = ['pdp.view', 'pdp.add', 'pdp.edit'];

/** A user of `company` holding exactly `rights`, logged in. */
export async function member(t: TestApp, company: string, rights: string[]): Promise<Member> {
  const user = await makeUser(t, { company, roles: [], rights });
  const { agent, csrf } = await loginAs(t, user);
  return { id: user.id, tenantId: user.tenantId, agent, csrf };
}

/** A draft plan created by `creatorId`. */
export async function newPlan(t: TestApp, tenantId: number, creatorId: number, subject = 'Remplacement des vannes du réseau vapeur'): Promise<number> {
  const [r] = await t.db.dataSource.query(
    `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id, ordering_customer_id, status)
     VALUES ($1, $2, $3, $4, $4, 'draft') RETURNING id`, [tenantId, `PDP-${Date.now() % 1e7}-${++companies}`, subject, creatorId]);
  return r.id;
}

/** A CRM company with a head office, a second address, a manager and a worker. */
export async function newTiers(t: TestApp, tenantId: number, name = 'Maintenance Industrielle du Rhône') {
  const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);
  const [tiers] = await q(`INSERT INTO tiers (tenant_id, name, director) VALUES ($1, $2, 'Hélène Garnier') RETURNING id`, [tenantId, name]);
  const [head] = await q(`INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, country, is_head_office)
    VALUES ($1, $2, 'Siège', '12 rue de la Forge', '69007', 'Lyon', 'France', true) RETURNING id`, [tenantId, tiers.id]);
  const [agency] = await q(`INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, country)
    VALUES ($1, $2, 'Agence de Feyzin', '3 chemin du Port', '69320', 'Feyzin', 'France') RETURNING id`, [tenantId, tiers.id]);
  const [chief] = await q(`INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, 'Chef de chantier', true) RETURNING id`, [tenantId]);
  const [welder] = await q(`INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, 'Soudeur', false) RETURNING id`, [tenantId]);
  const [manager] = await q(`INSERT INTO contact (tenant_id, last_name, first_name, phone, email) VALUES ($1, 'Moreau', 'Julien', '04 72 00 00 01', 'j.moreau@mir.fr') RETURNING id`, [tenantId]);
  await q(`INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id, pro_mobile) VALUES ($1, $2, $3, $4, '06 11 22 33 44')`, [tenantId, manager.id, tiers.id, chief.id]);
  const [worker] = await q(`INSERT INTO contact (tenant_id, last_name, first_name) VALUES ($1, 'Lefèvre', 'Nadia') RETURNING id`, [tenantId]);
  await q(`INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id) VALUES ($1, $2, $3, $4)`, [tenantId, worker.id, tiers.id, welder.id]);
  return { id: tiers.id as number, headId: head.id as number, agencyId: agency.id as number, managerId: manager.id as number, workerId: worker.id as number, welderFunctionId: welder.id as number };
}

/** Posts a form of the plan's companies or staff as the client does (XHR), fields by their short names. */
export function post(who: Member, url: string, form: string, fields: Record<string, string | number>) {
  const body: Record<string, string> = { _csrf_token: who.csrf };
  for (const [k, v] of Object.entries(fields)) body[`${form}[${k}]`] = String(v);
  return who.agent.post(url).set(XHR).type('form').send(body);
}

/** A full EE block for the CRM company of {@link newTiers}. */
export function eeFields(tiers: { id: number; headId: number; managerId: number }): Record<string, string | number> {
  return {
    kind: 'EE', tiers: tiers.id, name: 'Maintenance Industrielle du Rhône', director: 'Hélène Garnier', tiersAddress: tiers.headId,
    addressName: 'Siège', address: '12 rue de la Forge', zipCode: '69007', city: 'Lyon', country: 'France', contact: tiers.managerId,
    lastName: 'Moreau', firstName: 'Julien', phone: '04 72 00 00 01', email: 'j.moreau@mir.fr', version: 0,
  };
}

/** Adds a company through the route; returns its id. */
export async function addCompany(who: Member, planId: number, fields: Record<string, string | number>): Promise<number> {
  const res = await post(who, `/prevention-plan/${planId}/company/add?kind=${fields.kind}`, 'plan_company', fields);
  if (res.status !== 201) throw new Error(`Entreprise refusée (${res.status}) : ${res.text.slice(0, 300)}`);
  return res.body.id;
}

/** HTML with its entities decoded, to look for French text with apostrophes. */
export function decode(html: string): string {
  return html.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The stored rows of a table for a plan. */
export async function rows(t: TestApp, table: 'plan_company' | 'plan_staff', planId: number): Promise<Array<Record<string, any>>> {
  return t.db.dataSource.query(`SELECT * FROM ${table} WHERE plan_id = $1 ORDER BY id`, [planId]);
}
