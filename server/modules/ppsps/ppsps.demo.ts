import type { DataSource } from 'typeorm';
import { todayIso } from '../../kernel/clock';
import { userInTenant } from '../../kernel/tenancy';
import { blockFromTiers } from '../prevention-plan';

interface DemoPpsps {
  number: string;
  status: string;
  /** Days from today. */
  start: number;
  end: number;
  contract: number;
  light: boolean;
  nature: string;
  address: string;
  staff: [number, number];
  correspondent: string;
  /** CRM companies by kind (the first CRM companies of the demo when missing). */
  kinds: Array<'ET' | 'MOE' | 'MOA' | 'SPS'>;
}

const DEMO: DemoPpsps[] = [
  {
    number: 'PPSPS-DEMO-0001', status: 'draft', start: 20, end: 110, contract: -5, light: false,
    nature: 'Gros œuvre : fondations, élévation des murs en béton banché et dalles du futur magasin de stockage.',
    address: 'ZI des Trois Chênes, 12 rue de l\'Industrie, 69800 Saint-Priest', staff: [8, 14], correspondent: 'claire.martin', kinds: ['ET', 'MOE', 'MOA', 'SPS'],
  },
  {
    number: 'PPSPS-DEMO-0002', status: 'waiting_tiers', start: 4, end: 30, contract: -12, light: true,
    nature: 'Second œuvre : peinture et revêtements de sols des bureaux du bâtiment C.',
    address: 'Bâtiment C – Bureaux, 12 rue de l\'Industrie, 69800 Saint-Priest', staff: [3, 5], correspondent: 'julien.moreau', kinds: ['ET', 'SPS'],
  },
  {
    number: 'PPSPS-DEMO-0003', status: 'in_operation', start: -15, end: 45, contract: -60, light: false,
    nature: 'Couverture : remplacement de la toiture en bac acier de l\'atelier, pose de lignes de vie.',
    address: 'Bâtiment A – Production, 12 rue de l\'Industrie, 69800 Saint-Priest', staff: [5, 7], correspondent: 'claire.martin', kinds: ['ET', 'MOE', 'SPS'],
  },
];

const isoPlus = (days: number) => { const d = new Date(`${todayIso()}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + days); return d.toISOString().slice(0, 10); };

/**
 * The demo company's PPSPS: a draft, one waiting for the companies (light second-œuvre, 8-day
 * due date) and one in operation, with their companies copied from the CRM. Idempotent (numbers
 * `PPSPS-DEMO-000n`).
 */
export async function seedPpspsDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query("SELECT 1 FROM ppsps WHERE tenant_id = $1 AND number LIKE 'PPSPS-DEMO-%' LIMIT 1", [tenantId]);
  if (done) return;
  const people: Array<{ id: number; username: string }> = await db.query(`SELECT u.id, u.username FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id`, [tenantId]);
  if (!people.length) return;
  const user = (name: string) => people.find((p) => p.username === name)?.id ?? people[0].id;
  const [site] = await db.query('SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1 OFFSET 1', [tenantId]);
  const tiers: Array<{ id: number }> = await db.query('SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 4', [tenantId]);
  const blocks: Array<Record<string, unknown> | null> = [];
  for (const t of tiers) blocks.push((await blockFromTiers(db, tenantId, t.id))?.values ?? null);
  const s = (v: unknown) => (v == null || v === '' ? null : String(v));
  await db.transaction(async (m) => {
    for (const p of DEMO) {
      const [row] = await m.query(
        `INSERT INTO ppsps (tenant_id, number, status, hierarchy_item_id, correspondent_id, created_by_id, tiers_id, start_date, end_date, start_time, end_time,
           address, nature_of_operations, access_instructions, average_staff, peak_staff, vehicles, contract_signed_date, second_oeuvre_without_risks,
           description, designation, first_aid, welfare_facilities, assembly_points, emergency_numbers, joint_inspection_date, joint_inspection_time, joint_inspection_place)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, '07:30', '17:00', $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, '09:00', $24) RETURNING id`,
        [tenantId, p.number, p.status, site?.id ?? null, user(p.correspondent), tiers[0]?.id ?? null, isoPlus(p.start), isoPlus(p.end), p.address, p.nature,
          'Accès des véhicules par le portail nord, badge remis au poste de garde ; circulation à 10 km/h.', p.staff[0], p.staff[1],
          'Camion-toupie, fourgons, grue mobile', isoPlus(p.contract), p.light,
          'Travaux réalisés en site occupé : le phasage est validé avec le coordonnateur SPS.', 'Lot n° 2 du marché de construction',
          'Deux sauveteurs secouristes du travail par équipe, trousse de secours dans la base vie.', 'Base vie : vestiaires, réfectoire et sanitaires raccordés.',
          'Parking visiteurs, entrée nord', 'Poste de garde 2222 – SAMU 15 – Pompiers 18 – Urgences 112', isoPlus(p.start - 7), 'Base vie du chantier']);
      for (const [i, kind] of p.kinds.entries()) {
        const b = blocks[i] ?? null;
        if (!b) continue;
        await m.query(
          `INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, tiers_id, name, director, tiers_address_id, address_name, address, zip_code, city, country,
             contact_id, last_name, first_name, phone, mobile, email)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
          [tenantId, row.id, kind, b.tiers, b.name, s(b.director), s(b.tiersAddress), s(b.addressName), s(b.address), s(b.zipCode), s(b.city), s(b.country),
            s(b.contact), s(b.lastName), s(b.firstName), s(b.phone), s(b.mobile), s(b.email)]);
      }
      await m.query("INSERT INTO history_entry (tenant_id, subject_type, subject_id, transition, user_id, created_at) VALUES ($1, 'ppsps', $2, 'create', $3, now())",
        [tenantId, row.id, user(p.correspondent)]);
    }
  });
}
