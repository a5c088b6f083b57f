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

let seq = 0;

/** A fresh company name, so every test has its own tenant. */
export function newCompany(): string {
  return `Logistique ${process.pid}-${++seq}-${Date.now() % 1e6}`;
}

/** Rights of a protocol editor (creates and edits his own protocols). */
export const EDITOR = ['pds.view', 'pds.add', 'pds.edit'];

/** A user of `company` holding exactly `rights`, logged in. */
export async function member(t: TestApp, company: string, rights: string[]): Promise<Member> {
  const user = await makeUser(t, { company, roles: [], rights });
  const { agent, csrf } = await loginAs(t, user);
  return { id: user.id, tenantId: user.tenantId, agent, csrf };
}

/** Inserts a protocol directly (defaults: a complete draft of `creatorId`, responsible too). */
export async function newProtocol(t: TestApp, tenantId: number, creatorId: number, over: Record<string, unknown> = {}): Promise<number> {
  const cols: Record<string, unknown> = {
    tenant_id: tenantId, pds_number: `PDS-T-${++seq}-${Date.now() % 1e6}`, nature_of_goods: 'Palettes de bouteilles', status: 'draft',
    created_by_id: creatorId, responsible_id: creatorId, start_date: '2026-12-01', end_date: '2026-12-31', is_punctual: true,
    operation_type: 'unloading', ...over,
  };
  const names = Object.keys(cols);
  const [r] = await t.db.dataSource.query(
    `INSERT INTO security_protocol (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, Object.values(cols));
  return r.id;
}

/** A company row on a protocol. */
export async function newProtocolCompany(t: TestApp, tenantId: number, protocolId: number, kind: string, name = 'Transports Girard'): Promise<number> {
  const [r] = await t.db.dataSource.query(
    `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, name, address, last_name) VALUES ($1, $2, $3, $4, '1 rue du Port', 'Girard') RETURNING id`,
    [tenantId, protocolId, kind, name]);
  return r.id;
}

/** A CRM company with a head office and a manager contact. */
export async function newTiers(t: TestApp, tenantId: number, name = 'Transports Girard et Fils') {
  const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);
  const [tiers] = await q(`INSERT INTO tiers (tenant_id, name, director) VALUES ($1, $2, 'Paul Girard') RETURNING id`, [tenantId, name]);
  const [head] = await q(`INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, country, is_head_office)
    VALUES ($1, $2, 'Siège', '4 quai Rambaud', '69002', 'Lyon', 'France', true) RETURNING id`, [tenantId, tiers.id]);
  const [fn] = await q(`INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, 'Responsable d''exploitation', true) RETURNING id`, [tenantId]);
  const [manager] = await q(`INSERT INTO contact (tenant_id, last_name, first_name, phone, email) VALUES ($1, 'Girard', 'Lucie', '04 72 00 00 09', 'l.girard@girard.fr') RETURNING id`, [tenantId]);
  await q(`INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id) VALUES ($1, $2, $3, $4)`, [tenantId, manager.id, tiers.id, fn.id]);
  return { id: tiers.id as number, headId: head.id as number, managerId: manager.id as number };
}

/** Posts a form as the client does (XHR), fields by their short names; arrays as `name[]`. */
export function post(who: Member, url: string, form: string, fields: Record<string, string | number | Array<string | number>>) {
  const parts: string[] = [`_csrf_token=${encodeURIComponent(who.csrf)}`];
  for (const [k, v] of Object.entries(fields)) {
    // `_submit` (SAVE / DRAFT) is the button's own field, outside the form.
    if (k.startsWith('_')) parts.push(`${k}=${encodeURIComponent(String(v))}`);
    else if (Array.isArray(v)) for (const x of v) parts.push(`${encodeURIComponent(`${form}[${k}][]`)}=${encodeURIComponent(String(x))}`);
    else parts.push(`${encodeURIComponent(`${form}[${k}]`)}=${encodeURIComponent(String(v))}`);
  }
  return who.agent.post(url).set(XHR).type('form').send(parts.join('&'));
}

/** A POST without fields (removal, archive). */
export function postEmpty(who: Member, url: string) {
  return who.agent.post(url).set(XHR).type('form').send({ _csrf_token: who.csrf });
}

/** HTML with its entities decoded, to search French text. */
export function decode(html: string): string {
  return html.replace(/&#39;/g, "'").replace(/&#34;|&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}
