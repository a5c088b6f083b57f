import type TestAgent from 'supertest/lib/agent';
import { loginAs, makeUser, type TestApp } from '../../support/app';

/** Requests the client makes (fragments, ajax forms). */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Rights of an internal user who manages the documents of his plans. */
export const MANAGER = ['pdp.view', 'pdp.edit', 'pdp.documents'];

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

const insert = async (t: TestApp, sql: string, params: unknown[]): Promise<number> => (await t.db.dataSource.query(`${sql} RETURNING id`, params))[0].id;

/** A plan created by `creatorId` (who may therefore see it). */
export function createPlan(t: TestApp, tenantId: number, creatorId: number, subject = 'Maintenance des compresseurs'): Promise<number> {
  return insert(t, 'INSERT INTO prevention_plan (tenant_id, pdp_number, subject, created_by_id) VALUES ($1, $2, $3, $4)', [tenantId, `PDP-${Date.now() % 1e7}`, subject, creatorId]);
}

/** A company on a plan (EU, EE, or ST under `parentId`), with its manager's e-mail. */
export function addCompany(t: TestApp, tenantId: number, planId: number, kind: 'EU' | 'EE' | 'ST', name: string, opts: { email?: string; parentId?: number; tiersId?: number; contactId?: number } = {}): Promise<number> {
  return insert(t,
    `INSERT INTO plan_company (tenant_id, plan_id, kind, name, parent_id, tiers_id, contact_id, email, first_name, last_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Julien', 'Morel')`,
    [tenantId, planId, kind, name, opts.parentId ?? null, opts.tiersId ?? null, opts.contactId ?? null, opts.email ?? null]);
}

/** A staff member of a plan company. */
export function addStaff(t: TestApp, tenantId: number, planId: number, companyId: number, lastName: string, firstName = 'Paul', contactId: number | null = null): Promise<number> {
  return insert(t, 'INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, last_name, first_name, contact_id) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, planId, companyId, lastName, firstName, contactId]);
}

/** A CRM company with a contact who has a user account (`userId`). */
export async function tiersWithContact(t: TestApp, tenantId: number, name: string, userId: number): Promise<{ tiersId: number; contactId: number }> {
  const tiersId = await insert(t, 'INSERT INTO tiers (tenant_id, name) VALUES ($1, $2)', [tenantId, name]);
  const contactId = await insert(t, 'INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, $2, $3, $4, $5)', [tenantId, 'Lefebvre', 'Sophie', 'sophie.lefebvre@example.fr', userId]);
  await insert(t, 'INSERT INTO contact_company (tenant_id, contact_id, tiers_id) VALUES ($1, $2, $3)', [tenantId, contactId, tiersId]);
  return { tiersId, contactId };
}

/** Flags of a document type (all false unless given). */
export interface TypeFlags {
  addedBy?: 'outside_company' | 'user_company'; nominative?: boolean; editableModel?: boolean; mandatoryAllPlans?: boolean;
  mandatoryContacts?: boolean; mandatoryCompanies?: boolean; toSign?: boolean;
}

/** A document type of the company. */
export function createType(t: TestApp, tenantId: number, label: string, f: TypeFlags = {}): Promise<number> {
  return insert(t,
    `INSERT INTO document_type (tenant_id, label, added_by, nominative, editable_model, mandatory_all_plans, mandatory_contacts, mandatory_companies, to_sign)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [tenantId, label, f.addedBy ?? 'outside_company', !!f.nominative, !!f.editableModel, !!f.mandatoryAllPlans, !!f.mandatoryContacts, !!f.mandatoryCompanies, !!f.toSign]);
}

/** A small valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** Posts the document form of a plan with files (`[name, content]`). */
export function postDocument(a: Actor, planId: number, fields: Record<string, string>, files: Array<[string, Buffer]> = [['attestation.pdf', PDF]]) {
  let req = a.agent.post(`/prevention-plan/${planId}/documents/new`).set(XHR).field('_csrf_token', a.csrf);
  for (const [k, v] of Object.entries(fields)) req = req.field(`plan_document[${k}]`, v);
  for (const [name, content] of files) req = req.attach('files', content, name);
  return req;
}

/** Posts with no body but the CSRF header (removal, validation). */
export function postEmpty(a: Actor, url: string) {
  return a.agent.post(url).set(XHR).set('X-CSRF-Token', a.csrf).send();
}
