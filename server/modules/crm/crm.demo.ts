import type { DataSource } from 'typeorm';
import { userInTenant } from '../../kernel/tenancy';
import { listNomenclature } from '../nomenclature/nomenclature.service';

interface DemoContact { civility: 'mr' | 'mrs' | 'ms'; firstName: string; lastName: string; fn: string; email: string; mobile: string; phone?: string }
interface DemoAddress { name: string; address: string; zip: string; city: string; head?: boolean; billing?: boolean; delivery?: boolean }
interface DemoTiers {
  name: string; director: string; state: 'prospect' | 'lead' | 'customer' | 'other'; provider: boolean; siret: string; ape: string; legalForm: string;
  year: number; staff: number; capital: string; turnover: string; email: string; phone: string; website: string; activities: string[];
  description: string; addresses: DemoAddress[]; contacts: DemoContact[];
}

const FUNCTIONS: Array<[string, boolean]> = [
  ['Gérant', true], ['Chef de chantier', true], ['Conducteur de travaux', true], ['Responsable QHSE', true], ["Chef d'équipe", false],
  ['Électricien', false], ['Monteur échafaudage', false], ['Agent de propreté', false], ['Grutier', false], ['Assistante administrative', false],
];

const ACTIVITIES = ['Électricité industrielle', 'Échafaudage', 'Nettoyage industriel', 'Levage et manutention', 'Maintenance', 'Travaux en hauteur'];

const VAT_RATES: Array<[string, string, boolean]> = [['TVA 20 %', '20.00', true], ['TVA 10 %', '10.00', false], ['TVA 5,5 %', '5.50', false], ['TVA 2,1 %', '2.10', false], ['Exonéré', '0.00', false]];

/** Intra-community VAT number of a SIREN (key = (12 + 3 × (SIREN mod 97)) mod 97). */
function frenchVat(siret: string): string {
  const siren = siret.slice(0, 9);
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

const COMPANIES: DemoTiers[] = [
  {
    name: 'Elec Industrie Services', director: 'Philippe Garnier', state: 'customer', provider: true, siret: '41235987600027', ape: '43.21A', legalForm: 'SAS',
    year: 1998, staff: 85, capital: '250000.00', turnover: '9800000.00', email: 'contact@elec-industrie-services.fr', phone: '04 72 51 36 80',
    website: 'https://www.elec-industrie-services.fr', activities: ['Électricité industrielle', 'Maintenance'],
    description: 'Installations électriques haute et basse tension, armoires de commande, maintenance préventive des sites industriels.',
    addresses: [
      { name: 'Siège', address: '12 rue des Frères Lumière', zip: '69800', city: 'Saint-Priest', head: true, billing: true, delivery: true },
      { name: 'Agence de Grenoble', address: '45 avenue de l\'Europe', zip: '38100', city: 'Grenoble', delivery: true },
    ],
    contacts: [
      { civility: 'mr', firstName: 'Philippe', lastName: 'Garnier', fn: 'Gérant', email: 'p.garnier@elec-industrie-services.fr', mobile: '06 12 45 78 90', phone: '04 72 51 36 81' },
      { civility: 'mr', firstName: 'Julien', lastName: 'Roux', fn: 'Chef de chantier', email: 'j.roux@elec-industrie-services.fr', mobile: '06 23 56 89 12' },
      { civility: 'mrs', firstName: 'Nadia', lastName: 'Haddad', fn: 'Électricien', email: 'n.haddad@elec-industrie-services.fr', mobile: '06 34 67 90 23' },
    ],
  },
  {
    name: 'Échafaudages du Rhône', director: 'Marc Delorme', state: 'customer', provider: true, siret: '52318476900015', ape: '43.99B', legalForm: 'SARL',
    year: 2006, staff: 42, capital: '80000.00', turnover: '4200000.00', email: 'agence@echafaudages-rhone.fr', phone: '04 78 90 12 34',
    website: 'https://www.echafaudages-rhone.fr', activities: ['Échafaudage', 'Travaux en hauteur'],
    description: "Montage, démontage et location d'échafaudages fixes et roulants, protections collectives en toiture.",
    addresses: [
      { name: 'Siège et dépôt', address: "3 chemin de l'Industrie", zip: '69200', city: 'Vénissieux', head: true, billing: true, delivery: true },
    ],
    contacts: [
      { civility: 'mr', firstName: 'Marc', lastName: 'Delorme', fn: 'Gérant', email: 'm.delorme@echafaudages-rhone.fr', mobile: '06 45 78 01 34' },
      { civility: 'mr', firstName: 'Kevin', lastName: 'Morel', fn: "Chef d'équipe", email: 'k.morel@echafaudages-rhone.fr', mobile: '06 56 89 12 45' },
      { civility: 'mr', firstName: 'Sébastien', lastName: 'Faure', fn: 'Monteur échafaudage', email: 's.faure@echafaudages-rhone.fr', mobile: '06 67 90 23 56' },
    ],
  },
  {
    name: 'Net Pro Propreté', director: 'Isabelle Lambert', state: 'lead', provider: true, siret: '80145632100034', ape: '81.22Z', legalForm: 'SAS',
    year: 2014, staff: 120, capital: '50000.00', turnover: '3100000.00', email: 'contact@netpro-proprete.fr', phone: '04 37 28 19 46',
    website: 'https://www.netpro-proprete.fr', activities: ['Nettoyage industriel'],
    description: 'Nettoyage industriel, hydrocurage, nettoyage de cuves et de locaux de production.',
    addresses: [
      { name: 'Siège', address: '27 boulevard Marius Vivier Merle', zip: '69003', city: 'Lyon', head: true, billing: true },
      { name: 'Base logistique', address: '8 rue du Dauphiné', zip: '69960', city: 'Corbas', delivery: true },
    ],
    contacts: [
      { civility: 'mrs', firstName: 'Isabelle', lastName: 'Lambert', fn: 'Gérant', email: 'i.lambert@netpro-proprete.fr', mobile: '06 78 01 34 67' },
      { civility: 'mrs', firstName: 'Fatima', lastName: 'Benkirane', fn: 'Responsable QHSE', email: 'f.benkirane@netpro-proprete.fr', mobile: '06 89 12 45 78' },
    ],
  },
  {
    name: 'Levage Manutention Alpes', director: 'Thierry Bonnet', state: 'prospect', provider: false, siret: '39874512300052', ape: '77.32Z', legalForm: 'SA',
    year: 1987, staff: 64, capital: '500000.00', turnover: '7600000.00', email: 'devis@lma-levage.fr', phone: '04 76 33 21 09',
    website: 'https://www.lma-levage.fr', activities: ['Levage et manutention'],
    description: 'Location de grues mobiles avec grutier, manutention lourde, transferts de machines.',
    addresses: [
      { name: 'Siège', address: '150 rue Paul Héroult', zip: '38190', city: 'Villard-Bonnot', head: true, billing: true, delivery: true },
    ],
    contacts: [
      { civility: 'mr', firstName: 'Thierry', lastName: 'Bonnet', fn: 'Gérant', email: 't.bonnet@lma-levage.fr', mobile: '06 90 23 56 89' },
      { civility: 'mr', firstName: 'Anthony', lastName: 'Girard', fn: 'Conducteur de travaux', email: 'a.girard@lma-levage.fr', mobile: '07 12 34 56 78' },
      { civility: 'mr', firstName: 'David', lastName: 'Perrin', fn: 'Grutier', email: 'd.perrin@lma-levage.fr', mobile: '07 23 45 67 89' },
    ],
  },
];

/**
 * The demo company's CRM: functions, activities, VAT rates and four outside companies (electrical
 * contractor, scaffolding, cleaning, lifting) with addresses and two or three contacts each.
 * Idempotent per company.
 */
export async function seedCrmDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM tiers WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const [referent] = await db.query(`SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id LIMIT 1`, [tenantId]);
  const domains = await listNomenclature(db, tenantId, 'domain');
  await db.transaction(async (m) => {
    const fnIds = new Map<string, number>();
    for (const [name, isManager] of FUNCTIONS) {
      const [r] = await m.query('INSERT INTO crm_function (tenant_id, name, is_manager) VALUES ($1, $2, $3) RETURNING id', [tenantId, name, isManager]);
      fnIds.set(name, r.id);
    }
    const activityIds = new Map<string, number>();
    for (const name of ACTIVITIES) {
      const [r] = await m.query('INSERT INTO crm_activity (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, name]);
      activityIds.set(name, r.id);
    }
    let vat20: number | null = null;
    for (const [label, rate, isDefault] of VAT_RATES) {
      const [r] = await m.query('INSERT INTO vat_rate (tenant_id, label, rate, is_default) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, label, rate, isDefault]);
      if (isDefault) vat20 = r.id;
    }
    const hse = domains.find((d) => d.label === 'HSE') ?? domains[0];
    for (const c of COMPANIES) {
      const [t] = await m.query(
        `INSERT INTO tiers (tenant_id, name, director, email, phone, website, is_provider, intra_vat_number, state, ape_code, siret, legal_form,
                            creation_year, staff_count, capital, average_turnover, activity_description, referent_id, vat_rate_id, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18) RETURNING id`,
        [tenantId, c.name, c.director, c.email, c.phone, c.website, c.provider, frenchVat(c.siret), c.state, c.ape, c.siret, c.legalForm,
          c.year, c.staff, c.capital, c.turnover, c.description, referent?.id ?? null, vat20]);
      for (const a of c.activities) await m.query('INSERT INTO tiers_activity (tenant_id, tiers_id, activity_id) VALUES ($1, $2, $3)', [tenantId, t.id, activityIds.get(a)]);
      if (hse) await m.query('INSERT INTO tiers_domain (tenant_id, tiers_id, domain_id) VALUES ($1, $2, $3)', [tenantId, t.id, hse.id]);
      for (const a of c.addresses) {
        await m.query(
          `INSERT INTO tiers_address (tenant_id, tiers_id, name, address, zip_code, city, country, is_head_office, is_billing, is_main_billing, is_delivery, is_main_delivery)
           VALUES ($1, $2, $3, $4, $5, $6, 'France', $7, $8, $8, $9, $10)`,
          [tenantId, t.id, a.name, a.address, a.zip, a.city, !!a.head, !!a.billing, !!a.delivery, !!a.delivery && !!a.head]);
      }
      for (const p of c.contacts) {
        const [ct] = await m.query(
          `INSERT INTO contact (tenant_id, civility, last_name, first_name, email, mobile, phone, locale, created_by_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'fr', $8) RETURNING id`,
          [tenantId, p.civility, p.lastName, p.firstName, p.email, p.mobile, p.phone ?? null, referent?.id ?? null]);
        await m.query('INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id, pro_email, pro_mobile, pro_phone) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [tenantId, ct.id, t.id, fnIds.get(p.fn) ?? null, p.email, p.mobile, p.phone ?? c.phone]);
      }
    }
  });
}
