import type { DataSource, EntityManager } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { userInTenant } from '../../kernel/tenancy';
import { blockFromTiers, type CompanyValues } from '../prevention-plan';

const PACKAGINGS = ['Palettes filmées', 'Fûts de 200 L', 'Big-bags', 'Vrac', 'Conteneurs IBC 1000 L'];
const VEHICLES = ['Semi-remorque bâchée', 'Porteur 19 t', 'Camion-citerne', 'Fourgon 20 m³'];
const EQUIPMENT = ['Chariot élévateur frontal', 'Transpalette électrique', 'Gerbeur', 'Pont roulant'];

interface DemoProtocol {
  number: string;
  goods: string;
  status: string;
  site: string;
  responsible: string;
  substitutes?: string[];
  start: number;
  end: number;
  punctual: boolean;
  frequency?: string;
  type: 'loading' | 'unloading' | 'both';
  packagings: string[];
  vehicles: string[];
  equipment: string[];
  carrier: string;
  description: string;
  designation: string;
}

const PROTOCOLS: DemoProtocol[] = [
  {
    number: 'PDS-DEMO-0001', goods: 'Pièces détachées mécaniques sur palettes', status: 'draft', site: 'Cellule 2 – Expédition', responsible: 'julien.moreau',
    start: 7, end: 372, punctual: false, frequency: 'Deux livraisons par semaine (mardi et jeudi)', type: 'unloading',
    packagings: ['Palettes filmées'], vehicles: ['Semi-remorque bâchée'], equipment: ['Chariot élévateur frontal', 'Transpalette électrique'],
    carrier: 'Levage Manutention Alpes',
    description: 'Le chauffeur se présente au poste de garde, met son véhicule à quai 3, cale les roues et remet les clés au cariste. Le déchargement est réalisé par le cariste du site ; le chauffeur attend dans la zone réservée.',
    designation: '20 à 26 palettes filmées de pièces détachées (120 × 80 cm, 800 kg maximum chacune).',
  },
  {
    number: 'PDS-DEMO-0002', goods: 'Produits de nettoyage industriel (non dangereux)', status: 'waiting_tiers', site: 'Cellule 1 – Stockage', responsible: 'claire.martin',
    substitutes: ['julien.moreau'], start: 3, end: 3, punctual: true, type: 'both',
    packagings: ['Fûts de 200 L', 'Conteneurs IBC 1000 L'], vehicles: ['Porteur 19 t'], equipment: ['Gerbeur'],
    carrier: 'Net Pro Propreté',
    description: 'Livraison des produits neufs et reprise des conteneurs vides. Le chauffeur reste dans la zone piétonne balisée pendant les manœuvres du gerbeur.',
    designation: '6 fûts de 200 L de détergent alcalin, reprise de 4 conteneurs IBC vides et rincés.',
  },
  {
    number: 'PDS-DEMO-0003', goods: 'Câbles et tourets électriques', status: 'in_operation', site: 'Cellule 2 – Expédition', responsible: 'claire.martin',
    start: -30, end: 335, punctual: false, frequency: 'Une fois par mois', type: 'loading',
    packagings: ['Vrac'], vehicles: ['Semi-remorque bâchée'], equipment: ['Pont roulant', 'Chariot élévateur frontal'],
    carrier: 'Elec Industrie Services',
    description: 'Chargement des tourets au pont roulant, arrimage par le chauffeur sous le contrôle du chef de quai avant départ.',
    designation: 'Tourets de câble de 500 à 1 500 kg, arrimés par sangles (4 par touret).',
  },
];

const isoPlus = (days: number) => { const d = new Date(`${todayIso()}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + days); return d.toISOString().slice(0, 10); };
const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
const num = (v: unknown) => (v === undefined || v === null || v === '' ? null : Number(v));

async function insertCompany(m: EntityManager, tenantId: number, protocolId: number, kind: string, v: CompanyValues): Promise<void> {
  await m.query(
    `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, tiers_id, name, director, tiers_address_id, address_name, address,
            zip_code, city, country, contact_id, last_name, first_name, phone, mobile, email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [tenantId, protocolId, kind, num(v.tiers), String(v.name ?? ''), text(v.director), num(v.tiersAddress), text(v.addressName), text(v.address),
      text(v.zipCode), text(v.city), text(v.country), num(v.contact), text(v.lastName), text(v.firstName), text(v.phone), text(v.mobile), text(v.email)]);
}

/**
 * The demo company's reference lists (packagings, vehicles, handling equipment) and three
 * protocols (draft, waiting for the carrier, in operation) with a host and a carrier from the
 * CRM demo. Idempotent: the protocols are known by their `PDS-DEMO-000n` number.
 */
export async function seedSecurityProtocolDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query("SELECT 1 FROM security_protocol WHERE tenant_id = $1 AND pds_number LIKE 'PDS-DEMO-%' LIMIT 1", [tenantId]);
  if (done) return;
  const people: Array<{ id: number; username: string }> = await db.query(`SELECT u.id, u.username FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id`, [tenantId]);
  if (!people.length) return;
  const user = (name: string) => people.find((p) => p.username === name)?.id ?? people[0].id;
  const items: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const tiers: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const [tenant]: Array<{ name: string }> = await db.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  // CRM blocks are read before the transaction (one connection on the embedded database).
  const blocks = new Map<string, CompanyValues>();
  for (const p of PROTOCOLS) {
    const t = tiers.find((x) => x.name === p.carrier);
    const fresh = t ? await blockFromTiers(db, tenantId, t.id) : null;
    if (fresh) blocks.set(p.carrier, fresh.values);
  }
  const now = clock.now();
  await db.transaction(async (m) => {
    const ids = async (table: string, labels: string[]) => {
      const out = new Map<string, number>();
      for (const label of labels) {
        const [row] = await m.query(`INSERT INTO ${table} (tenant_id, label) VALUES ($1, $2) RETURNING id`, [tenantId, label]);
        out.set(label, row.id);
      }
      return out;
    };
    const packagings = await ids('packaging', PACKAGINGS);
    const vehicles = await ids('transport_vehicle', VEHICLES);
    const equipment = await ids('handling_equipment', EQUIPMENT);
    for (const p of PROTOCOLS) {
      const site = items.find((i) => i.name === p.site) ?? null;
      const [row] = await m.query(
        `INSERT INTO security_protocol (tenant_id, pds_number, nature_of_goods, status, created_by_id, responsible_id, hierarchy_item_id, company_name,
           start_date, end_date, is_punctual, frequency, operation_type, description, designation, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING id`,
        [tenantId, p.number, p.goods, p.status, user(p.responsible), site?.id ?? null, tenant?.name ?? null, isoPlus(p.start), isoPlus(p.end),
          p.punctual, p.frequency ?? null, p.type, p.description, p.designation, now]);
      const id = row.id;
      for (const name of p.substitutes ?? []) await m.query('INSERT INTO security_protocol_substitute (protocol_id, user_id, tenant_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, user(name), tenantId]);
      const link = async (table: string, column: string, map: Map<string, number>, labels: string[]) => {
        for (const l of labels) if (map.has(l)) await m.query(`INSERT INTO ${table} (protocol_id, ${column}, tenant_id) VALUES ($1, $2, $3)`, [id, map.get(l), tenantId]);
      };
      await link('security_protocol_packaging', 'packaging_id', packagings, p.packagings);
      await link('security_protocol_vehicle', 'vehicle_id', vehicles, p.vehicles);
      await link('security_protocol_handling_equipment', 'equipment_id', equipment, p.equipment);
      await insertCompany(m, tenantId, id, 'host', {
        name: tenant?.name ?? 'Vigie', addressName: site?.name ?? '', address: '8 rue de l\'Industrie', zipCode: '69800', city: 'Saint-Priest', country: 'France',
        lastName: 'Moreau', firstName: 'Julien', phone: '04 78 00 00 02',
      });
      const carrier = blocks.get(p.carrier);
      if (carrier) await insertCompany(m, tenantId, id, 'carrier', carrier);
      await m.query(
        `INSERT INTO history_entry (tenant_id, subject_type, subject_id, transition, user_id, created_at) VALUES ($1, 'security_protocol', $2, 'create', $3, $4)`,
        [tenantId, id, user(p.responsible), now]);
    }
  });
}
