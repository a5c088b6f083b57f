import type { DataSource, EntityManager } from 'typeorm';
import { loadPlanRef } from '../core/plan-access';
import { blockFromTiers, userCompanyDefaults, type CompanyValues } from '../core/plan-company.service';

/** CRM demo companies (crm.demo.ts) put on the demo plans, in turn. */
const EXTERIOR = ['Elec Industrie Services', 'Net Pro Propreté', 'Levage Manutention Alpes'];
const SUBCONTRACTOR = 'Échafaudages du Rhône';
/** Temporary workers (no CRM contact) of the demo. */
const TEMPS = [
  { lastName: 'Morel', firstName: 'Kévin', qualification: 'Intérimaire — manœuvre' },
  { lastName: 'Fontaine', firstName: 'Sarah', qualification: 'Intérimaire — électricienne habilitée B1V' },
  { lastName: 'Roussel', firstName: 'Mehdi', qualification: 'Intérimaire — cariste CACES 3' },
];

const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
const id = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

async function insertCompany(m: EntityManager, tenantId: number, planId: number, kind: string, parentId: number | null, v: CompanyValues): Promise<number> {
  const [row]: Array<{ id: number }> = await m.query(
    `INSERT INTO plan_company (tenant_id, plan_id, kind, parent_id, tiers_id, name, director, tiers_address_id, address_name, address,
            zip_code, city, country, contact_id, last_name, first_name, phone, mobile, email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
    [tenantId, planId, kind, parentId, id(v.tiers), String(v.name ?? ''), text(v.director), id(v.tiersAddress), text(v.addressName), text(v.address),
      text(v.zipCode), text(v.city), text(v.country), id(v.contact), text(v.lastName), text(v.firstName), text(v.phone), text(v.mobile), text(v.email)]);
  return row.id;
}

async function insertStaff(m: EntityManager, tenantId: number, planId: number, companyId: number, s: { contactId?: number | null; userId?: number | null; lastName: string; firstName: string | null; qualification: string | null; external?: boolean }): Promise<void> {
  await m.query(
    `INSERT INTO plan_staff (tenant_id, plan_id, plan_company_id, contact_id, user_id, last_name, first_name, qualification, external)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [tenantId, planId, companyId, s.contactId ?? null, s.userId ?? null, s.lastName, s.firstName, s.qualification, s.external ?? false]);
}

/**
 * Demo companies and staff of every demo plan (`PDP-DEMO-*`) of the tenant, run after the CRM's and the
 * plans' demo: the user
 * company from the plan's site, one or two exterior companies from the CRM demo, a scaffolding
 * subcontractor under the first one, their contacts as staff and a temporary worker.
 * Plans that already have companies are left alone, so it can run twice.
 */
export async function seedPlanCompaniesDemo(db: DataSource, tenantId: number): Promise<void> {
  const plans: Array<{ id: number; ordering_customer_id: number | null }> = await db.query(
    `SELECT p.id, p.ordering_customer_id FROM prevention_plan p
      WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND p.pdp_number LIKE 'PDP-DEMO-%'
        AND NOT EXISTS (SELECT 1 FROM plan_company pc WHERE pc.plan_id = p.id)
      ORDER BY p.id`, [tenantId]);
  const tiersIds = new Map<string, number>();
  for (const r of await db.query('SELECT id, name FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]) as Array<{ id: number; name: string }>) tiersIds.set(r.name, r.id);
  const exterior = EXTERIOR.map((n) => tiersIds.get(n)).filter((v): v is number => v != null);
  const sub = tiersIds.get(SUBCONTRACTOR) ?? null;

  for (const [i, p] of plans.entries()) {
    const ref = await loadPlanRef(db, tenantId, p.id);
    if (!ref) continue;
    const eu = await userCompanyDefaults(db, ref);
    const orderer: Array<{ first_name: string; last_name: string; email: string }> = p.ordering_customer_id
      ? await db.query('SELECT first_name, last_name, email FROM app_user WHERE id = $1', [p.ordering_customer_id]) : [];
    if (!eu.lastName && orderer[0]) Object.assign(eu, { lastName: orderer[0].last_name || 'Responsable', firstName: orderer[0].first_name, email: orderer[0].email });
    if (!eu.address) Object.assign(eu, { address: '1 rue de l\'Usine', zipCode: '69007', city: 'Lyon', country: 'France' });
    if (!eu.lastName) eu.lastName = 'Responsable sécurité';
    const chosen = exterior.length ? [exterior[i % exterior.length], ...(i % 2 === 0 && exterior.length > 1 ? [exterior[(i + 1) % exterior.length]] : [])] : [];
    const blocks: Array<NonNullable<Awaited<ReturnType<typeof blockFromTiers>>>> = [];
    for (const tiersId of chosen) {
      const b = await blockFromTiers(db, tenantId, tiersId);
      if (b) blocks.push(b);
    }
    const subBlock = sub != null && blocks.length ? await blockFromTiers(db, tenantId, sub) : null;
    await db.transaction(async (m) => {
      const euId = await insertCompany(m, tenantId, p.id, 'EU', null, eu);
      if (p.ordering_customer_id && orderer[0]) {
        await insertStaff(m, tenantId, p.id, euId, { userId: p.ordering_customer_id, lastName: orderer[0].last_name || 'Donneur d\'ordre', firstName: orderer[0].first_name || null, qualification: 'Donneur d\'ordre' });
      }
      let firstEe: number | null = null;
      for (const b of blocks) {
        const eeId = await insertCompany(m, tenantId, p.id, 'EE', null, b.values);
        firstEe ??= eeId;
        for (const c of b.choices.contacts.slice(0, 2)) {
          await insertStaff(m, tenantId, p.id, eeId, { contactId: c.id, lastName: c.lastName, firstName: c.firstName || null, qualification: c.functionName });
        }
      }
      if (firstEe != null) {
        const temp = TEMPS[i % TEMPS.length];
        await insertStaff(m, tenantId, p.id, firstEe, { ...temp, external: true });
      }
      if (firstEe != null && subBlock) {
        const stId = await insertCompany(m, tenantId, p.id, 'ST', firstEe, subBlock.values);
        const c = subBlock.choices.contacts[0];
        if (c) await insertStaff(m, tenantId, p.id, stId, { contactId: c.id, lastName: c.lastName, firstName: c.firstName || null, qualification: c.functionName });
      }
    });
  }
}
