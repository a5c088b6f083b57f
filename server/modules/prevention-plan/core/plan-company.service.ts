import type { DataSource, EntityManager } from 'typeorm';
import { companyBlockSelect, type CompanyBlockRow } from '../../crm/company-block.columns';
import type { FieldError } from '../../../kernel/http/forms';
import { recordHistory } from '../../../kernel/history/history.service';
import { findTiers, listTiersAddresses, listTiersContacts, type TiersAddressRow, type TiersContactRow } from '../../crm/crm-lookup.service';
import { createTiersWithAddress, findSameTiers, newTiersErrors, type NewTiersInput } from '../../crm/crm-create.service';
import type { PlanRef } from './plan-ref';
import type { PlanCompanyKind } from './plan-company.entity';
import type { CompanyInput } from './plan-company.schema';

type Db = DataSource | EntityManager;

/** History subject of every change to a plan's companies and staff (the plan's history tab). */
export const PLAN_HISTORY_SUBJECT = 'prevention_plan';

/**
 * Transitions written in the plan's history by companies and staff, with the translation key
 * of their label (the plan's history tab maps `transition` to this key).
 */
export const PLAN_COMPANY_HISTORY_LABELS: Record<string, string> = {
  company_add: 'plan-company.history.company_add',
  company_edit: 'plan-company.history.company_edit',
  company_reset: 'plan-company.history.company_reset',
  company_remove: 'plan-company.history.company_remove',
  staff_add: 'plan-company.history.staff_add',
  staff_create: 'plan-company.history.staff_create',
  staff_remove: 'plan-company.history.staff_remove',
  external_staff_add: 'plan-company.history.external_staff_add',
  external_staff_remove: 'plan-company.history.external_staff_remove',
};

/** One company of a plan as the screens show it. */
export interface PlanCompanyRow extends CompanyBlockRow {
  id: number;
  planId: number;
  kind: PlanCompanyKind;
  parentId: number | null;
  /** Number of staff members. */
  staffCount: number;
}

/** A company with its subcontractors, for the grouped list. */
export interface PlanCompanyNode extends PlanCompanyRow {
  children: PlanCompanyNode[];
  depth: number;
}

const COLUMNS = `pc.id, pc.plan_id AS "planId", pc.kind, pc.parent_id AS "parentId", ${companyBlockSelect('pc')},
  (SELECT count(*)::int FROM plan_staff s WHERE s.plan_company_id = pc.id AND s.tenant_id = pc.tenant_id) AS "staffCount"`;

const KIND_ORDER: Record<PlanCompanyKind, number> = { EU: 0, EE: 1, ST: 2 };

/** The companies of a plan: EU first, then EE and ST, by name. */
export async function listPlanCompanies(db: Db, tenantId: number, planId: number): Promise<PlanCompanyRow[]> {
  const rows: PlanCompanyRow[] = await db.query(
    `SELECT ${COLUMNS} FROM plan_company pc WHERE pc.tenant_id = $1 AND pc.plan_id = $2
      ORDER BY CASE pc.kind WHEN 'EU' THEN 0 WHEN 'EE' THEN 1 ELSE 2 END, lower(pc.name), pc.id`,
    [tenantId, planId]);
  return rows;
}

/** One company of a plan of the tenant, or null (another tenant's id is null too). */
export async function findPlanCompany(db: Db, tenantId: number, id: number): Promise<PlanCompanyRow | null> {
  if (!Number.isSafeInteger(id)) return null;
  const rows: PlanCompanyRow[] = await db.query(`SELECT ${COLUMNS} FROM plan_company pc WHERE pc.tenant_id = $1 AND pc.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

/**
 * The companies grouped as the tab shows them: the EU, then each EE followed by its
 * subcontractors (and theirs), depth-first.
 */
export function companyTree(rows: PlanCompanyRow[]): { eu: PlanCompanyNode[]; ee: PlanCompanyNode[]; orphans: PlanCompanyNode[] } {
  const nodes = new Map<number, PlanCompanyNode>(rows.map((r) => [r.id, { ...r, children: [], depth: 0 }]));
  const roots: PlanCompanyNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId != null ? nodes.get(n.parentId) : undefined;
    if (parent && n.kind === 'ST') parent.children.push(n);
    else roots.push(n);
  }
  const setDepth = (n: PlanCompanyNode, d: number) => { n.depth = d; n.children.forEach((c) => setDepth(c, d + 1)); };
  roots.forEach((r) => setDepth(r, 0));
  roots.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name, 'fr'));
  return {
    eu: roots.filter((r) => r.kind === 'EU'),
    ee: roots.filter((r) => r.kind === 'EE'),
    orphans: roots.filter((r) => r.kind === 'ST'),
  };
}

/** A company's label with its kind, for history comments. */
function describe(kind: string, name: string): string {
  return `${kind} : ${name}`;
}

/** Form values of a company block (every field as typed text, ids as strings). */
export type CompanyValues = Record<string, unknown>;

/** The values of a stored company, for its edit form. */
export function valuesOf(c: PlanCompanyRow): CompanyValues {
  return {
    kind: c.kind, parent: c.parentId ?? '', tiers: c.tiersId ?? '', name: c.name, director: c.director ?? '',
    substitutes: c.substitutes ?? '', tiersAddress: c.tiersAddressId ?? '', addressName: c.addressName ?? '', address: c.address ?? '',
    zipCode: c.zipCode ?? '', city: c.city ?? '', country: c.country ?? '', contact: c.contactId ?? '', lastName: c.lastName ?? '',
    firstName: c.firstName ?? '', phone: c.phone ?? '', mobile: c.mobile ?? '', email: c.email ?? '', version: c.version,
  };
}

/** The address fields of the form filled from a CRM address. */
export function addressValues(a: TiersAddressRow | null): CompanyValues {
  return { tiersAddress: a?.id ?? '', addressName: a?.name ?? '', address: a?.address ?? '', zipCode: a?.zipCode ?? '', city: a?.city ?? '', country: a?.country ?? '' };
}

/** The manager fields of the form filled from a CRM contact. */
export function contactValues(c: TiersContactRow | null): CompanyValues {
  return { contact: c?.id ?? '', lastName: c?.lastName ?? '', firstName: c?.firstName ?? '', phone: c?.phone ?? '', mobile: c?.mobile ?? '', email: c?.email ?? '' };
}

/** A CRM company with what the company block offers to choose from. */
export interface TiersChoices {
  tiersId: number;
  tiersName: string;
  addresses: TiersAddressRow[];
  contacts: TiersContactRow[];
}

/** The addresses and contacts of a CRM company of the tenant, or null when it is not the tenant's. */
export async function tiersChoices(db: Db, tenantId: number, tiersId: number): Promise<TiersChoices | null> {
  const tiers = await findTiers(db, tenantId, tiersId);
  if (!tiers) return null;
  return { tiersId: tiers.id, tiersName: tiers.name, addresses: await listTiersAddresses(db, tenantId, tiersId), contacts: await listTiersContacts(db, tenantId, tiersId) };
}

/**
 * The whole block copied from a CRM company: name, director, head office (else first) address,
 * first manager (else first contact). Null when the company is not the tenant's.
 */
export async function blockFromTiers(db: Db, tenantId: number, tiersId: number): Promise<{ values: CompanyValues; choices: TiersChoices } | null> {
  const tiers = await findTiers(db, tenantId, tiersId);
  if (!tiers) return null;
  const choices: TiersChoices = { tiersId: tiers.id, tiersName: tiers.name, addresses: await listTiersAddresses(db, tenantId, tiersId), contacts: await listTiersContacts(db, tenantId, tiersId) };
  const values: CompanyValues = {
    tiers: tiers.id, tiersLabel: tiers.name, name: tiers.name, director: tiers.director ?? '',
    ...addressValues(choices.addresses[0] ?? null),
    ...contactValues(choices.contacts[0] ?? null),
  };
  return { values, choices };
}

/**
 * What the user company (EU) block starts with: the site of the plan (company name, address,
 * responsible), else the tenant's name.
 */
export async function userCompanyDefaults(db: Db, plan: PlanRef): Promise<CompanyValues> {
  const [tenant]: Array<{ name: string }> = await db.query('SELECT name FROM tenant WHERE id = $1', [plan.tenantId]);
  const values: CompanyValues = { name: tenant?.name ?? '' };
  if (plan.hierarchyItemId != null) {
    const [site]: Array<Record<string, string | null>> = await db.query(
      `SELECT name, company_name, address, zip_code, city, country, responsible_last_name, responsible_first_name,
              responsible_phone, responsible_mobile, responsible_email
         FROM hierarchy_item WHERE id = $1 AND tenant_id = $2`, [plan.hierarchyItemId, plan.tenantId]);
    if (site) {
      Object.assign(values, {
        name: site.company_name || values.name, addressName: site.name ?? '', address: site.address ?? '', zipCode: site.zip_code ?? '',
        city: site.city ?? '', country: site.country ?? '', lastName: site.responsible_last_name ?? '', firstName: site.responsible_first_name ?? '',
        phone: site.responsible_phone ?? '', mobile: site.responsible_mobile ?? '', email: site.responsible_email ?? '',
      });
    }
  }
  // Without a site responsible, the plan's ordering customer represents the user company.
  if (!values.lastName && plan.orderingCustomerId != null) {
    const [u]: Array<{ last_name: string | null; first_name: string | null; email: string | null }> = await db.query(
      'SELECT last_name, first_name, email FROM app_user WHERE id = $1', [plan.orderingCustomerId]);
    if (u?.last_name) Object.assign(values, { lastName: u.last_name, firstName: u.first_name ?? '', email: u.email ?? '' });
  }
  return values;
}

/** Ids of the company and every subcontractor below it. */
function subtree(rows: PlanCompanyRow[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) if (r.parentId != null && out.has(r.parentId) && !out.has(r.id)) { out.add(r.id); grew = true; }
  }
  return out;
}

/**
 * The rules of a company block (seed 002 section 5: name, address and manager; an ST has an EE
 * or ST of the same plan as parent; EE and ST come from the CRM; one EU per plan; a CRM company
 * once per plan). Returns the errors by field (translation keys), empty when valid.
 */
export async function validateCompany(db: Db, tenantId: number, planId: number, existing: PlanCompanyRow | null, data: CompanyInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const kind = existing?.kind ?? data.kind;
  const others = (await listPlanCompanies(db, tenantId, planId)).filter((c) => c.id !== existing?.id);
  if (!data.name) errors.name = 'plan-company.validation.name_required';
  if (!data.address) errors.address = 'plan-company.validation.address_required';
  if (!data.lastName) errors.lastName = 'plan-company.validation.manager_required';
  if (kind === 'EU' && others.some((c) => c.kind === 'EU')) errors.kind = 'plan-company.validation.eu_exists';
  const creating = newTiersAsked(existing, data);
  if (creating) {
    const same = data.name ? await findSameTiers(db, tenantId, data.name, data.siret) : null;
    if (same) errors[same.by === 'siret' ? 'siret' : 'name'] = { key: `plan-company.validation.tiers_duplicate_${same.by}`, params: { name: same.name } };
    // The CRM's own limits (lengths, zip code, phones): the plan's messages above come first.
    for (const [field, error] of Object.entries(newTiersErrors(newTiersInput(data)))) errors[field] ??= error;
  } else if (kind !== 'EU' && data.tiers == null) errors.tiers = 'plan-company.validation.tiers_required';
  if (!creating && data.tiers != null) {
    const choices = await tiersChoices(db, tenantId, data.tiers);
    if (!choices) errors.tiers = 'plan-company.validation.tiers_required';
    else {
      if (others.some((c) => c.tiersId === data.tiers)) errors.tiers = 'plan-company.validation.tiers_exists';
      if (data.tiersAddress != null && !choices.addresses.some((a) => a.id === data.tiersAddress)) errors.tiersAddress = 'validation.choice';
      if (data.contact != null && !choices.contacts.some((c) => c.id === data.contact)) errors.contact = 'validation.choice';
    }
  } else {
    if (data.tiersAddress != null) errors.tiersAddress = 'validation.choice';
    if (data.contact != null) errors.contact = 'validation.choice';
  }
  if (kind === 'ST') {
    if (data.parent == null) errors.parent = 'plan-company.validation.parent_required';
    else {
      const below = existing ? subtree([...others, existing], existing.id) : new Set<number>();
      const parent = others.find((c) => c.id === data.parent);
      if (!parent || parent.kind === 'EU' || below.has(parent.id)) errors.parent = 'plan-company.validation.parent_invalid';
    }
  }
  return errors;
}

/** The new CRM company, head office and manager a « Nouvelle entreprise » block asks for. */
function newTiersInput(data: CompanyInput): NewTiersInput {
  return {
    name: data.name, siret: data.siret, director: data.director,
    address: { name: data.addressName, address: data.address, zipCode: data.zipCode, city: data.city, country: data.country },
    contact: { lastName: data.lastName, firstName: data.firstName, email: data.email, phone: data.phone, mobile: data.mobile, functionId: data.contactFunction },
  };
}

/** Whether the form asks for a new CRM company: only when adding an EE or ST. */
export function newTiersAsked(existing: PlanCompanyRow | null, data: CompanyInput): boolean {
  return existing == null && data.kind !== 'EU' && data.newTiers;
}

/** Outcome of a save: the company id, the errors of the form, or a stale version. */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

const blank = (v: string) => (v === '' ? null : v);

function blockParams(data: CompanyInput): unknown[] {
  return [
    data.tiers, data.name, blank(data.director), blank(data.substitutes), data.tiers == null ? null : data.tiersAddress,
    blank(data.addressName), blank(data.address), blank(data.zipCode), blank(data.city), blank(data.country),
    data.tiers == null ? null : data.contact, blank(data.lastName), blank(data.firstName), blank(data.phone), blank(data.mobile), blank(data.email),
  ];
}

/**
 * Adds (`existing` null) or edits a company of a plan after {@link validateCompany}; an edit
 * is refused when `data.version` is not the stored one. Writes the plan's history.
 */
export async function saveCompany(db: DataSource, plan: PlanRef, userId: number, existing: PlanCompanyRow | null, data: CompanyInput): Promise<SaveResult> {
  const errors = await validateCompany(db, plan.tenantId, plan.id, existing, data);
  if (Object.keys(errors).length) return { ok: false, errors };
  const kind = existing?.kind ?? data.kind;
  const parent = kind === 'ST' ? data.parent : null;
  return db.transaction(async (m): Promise<SaveResult> => {
    let id: number;
    if (newTiersAsked(existing, data)) {
      const created = await createTiersWithAddress(m, plan.tenantId, userId, newTiersInput(data));
      if (!created.ok) return { ok: false, errors: created.errors };
      data = { ...data, tiers: created.ids.tiersId, tiersAddress: created.ids.addressId, contact: created.ids.contactId };
    }
    if (!existing && kind !== 'EU') await addMissingUserCompany(m, plan, userId);
    if (existing) {
      // TypeORM answers an UPDATE with [rows, count].
      const [rows]: [Array<{ id: number }>, number] = await m.query(
        `UPDATE plan_company SET parent_id = $3, tiers_id = $4, name = $5, director = $6, substitutes = $7, tiers_address_id = $8,
                address_name = $9, address = $10, zip_code = $11, city = $12, country = $13, contact_id = $14, last_name = $15,
                first_name = $16, phone = $17, mobile = $18, email = $19, version = version + 1
          WHERE id = $1 AND tenant_id = $2 AND version = $20 RETURNING id`,
        [existing.id, plan.tenantId, parent, ...blockParams(data), data.version]);
      if (!rows.length) return { ok: false as const, stale: true as const };
      id = existing.id;
    } else {
      const rows: Array<{ id: number }> = await m.query(
        `INSERT INTO plan_company (tenant_id, plan_id, kind, parent_id, tiers_id, name, director, substitutes, tiers_address_id,
                address_name, address, zip_code, city, country, contact_id, last_name, first_name, phone, mobile, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id`,
        [plan.tenantId, plan.id, kind, parent, ...blockParams(data)]);
      id = rows[0].id;
    }
    await recordHistory(m, {
      tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, transition: existing ? 'company_edit' : 'company_add',
      comment: describe(kind, data.name), userId,
    });
    return { ok: true as const, id };
  });
}

/**
 * The plan's user company (EU) from its site, added with the first outside company when the plan
 * has none and the site (or the ordering customer) gives a name, an address and a manager.
 */
async function addMissingUserCompany(m: EntityManager, plan: PlanRef, userId: number): Promise<void> {
  const [has]: Array<{ n: number }> = await m.query(`SELECT count(*)::int AS n FROM plan_company WHERE tenant_id = $1 AND plan_id = $2 AND kind = 'EU'`, [plan.tenantId, plan.id]);
  if (has.n > 0) return;
  const eu = await userCompanyDefaults(m, plan);
  const t = (k: string) => String(eu[k] ?? '');
  if (!t('name') || !t('address') || !t('lastName')) return;
  await m.query(
    `INSERT INTO plan_company (tenant_id, plan_id, kind, name, address_name, address, zip_code, city, country, last_name, first_name, phone, mobile, email)
     VALUES ($1, $2, 'EU', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [plan.tenantId, plan.id, t('name'), t('addressName') || null, t('address'), t('zipCode') || null, t('city') || null, t('country') || null,
      t('lastName'), t('firstName') || null, t('phone') || null, t('mobile') || null, t('email') || null]);
  await recordHistory(m, { tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, transition: 'company_add', comment: describe('EU', t('name')), userId });
}

/**
 * Copies the block of a company again from the CRM (name, director, its address, its manager),
 * keeping the chosen address and manager when they still exist. False when the company has no
 * CRM company (the EU typed by hand) or the CRM company is gone.
 */
export async function resetCompany(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow): Promise<boolean> {
  if (company.tiersId == null) return false;
  const fresh = await blockFromTiers(db, plan.tenantId, company.tiersId);
  if (!fresh) return false;
  const address = fresh.choices.addresses.find((a) => a.id === company.tiersAddressId) ?? fresh.choices.addresses[0] ?? null;
  const contact = fresh.choices.contacts.find((c) => c.id === company.contactId) ?? fresh.choices.contacts[0] ?? null;
  await db.transaction(async (m) => {
    await m.query(
      `UPDATE plan_company SET name = $3, director = $4, tiers_address_id = $5, address_name = $6, address = $7, zip_code = $8,
              city = $9, country = $10, contact_id = $11, last_name = $12, first_name = $13, phone = $14, mobile = $15, email = $16,
              version = version + 1
        WHERE id = $1 AND tenant_id = $2`,
      [company.id, plan.tenantId, fresh.choices.tiersName, fresh.values.director || null, address?.id ?? null, address?.name ?? null,
        address?.address ?? null, address?.zipCode ?? null, address?.city ?? null, address?.country ?? null, contact?.id ?? null,
        contact?.lastName ?? null, contact?.firstName || null, contact?.phone ?? null, contact?.mobile ?? null, contact?.email ?? null]);
    await recordHistory(m, { tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, transition: 'company_reset', comment: describe(company.kind, fresh.choices.tiersName), userId });
  });
  return true;
}

/** Why a company cannot be removed, or null. */
export async function removalRefusal(db: Db, tenantId: number, company: PlanCompanyRow): Promise<string | null> {
  const [row]: Array<{ n: number }> = await db.query('SELECT count(*)::int AS n FROM plan_company WHERE tenant_id = $1 AND parent_id = $2', [tenantId, company.id]);
  return row.n > 0 ? 'plan-company.errors.has_subcontractors' : null;
}

/** Removes a company from its plan with its staff members; writes the plan's history. */
export async function removeCompany(db: DataSource, plan: PlanRef, userId: number, company: PlanCompanyRow): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('DELETE FROM plan_staff WHERE tenant_id = $1 AND plan_company_id = $2', [plan.tenantId, company.id]);
    await m.query('DELETE FROM plan_company WHERE tenant_id = $1 AND id = $2', [plan.tenantId, company.id]);
    await recordHistory(m, { tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, transition: 'company_remove', comment: describe(company.kind, company.name), userId });
  });
}
