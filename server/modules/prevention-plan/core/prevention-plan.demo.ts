import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { userInTenant } from '../../../kernel/tenancy';

interface DemoPlan {
  number: string;
  subject: string;
  status: string;
  archived?: boolean;
  site: string;
  extraSites?: string[];
  /** Days from today. */
  start: number;
  end: number;
  times: [string, string];
  punctual: boolean;
  frequency?: string;
  customer: string;
  substitutes?: string[];
  service?: string;
  workSiteType?: 'normal' | 'specific' | 'technical_stop';
  productionStop?: boolean;
  hours: number;
  staff: number;
  /** Beginnings of work type labels (H6's defaults). */
  workTypes: string[];
  description: string;
  sectorPrecision: string;
  participants: string;
  procedures: string;
  comments: string;
  equipment?: string;
  materials?: Array<[string, number | null, string]>;
  medical?: Array<[string, string, string, number]>;
  advice?: Array<['notice' | 'comment', string, string]>;
}

const PLANS: DemoPlan[] = [
  {
    number: 'PDP-DEMO-0001', subject: 'Maintenance électrique des armoires TGBT – bâtiment A', status: 'draft', site: 'Bâtiment A – Production',
    start: 12, end: 16, times: ['07:30', '16:30'], punctual: true, customer: 'claire.martin', substitutes: ['julien.moreau'], service: 'Maintenance',
    hours: 64, staff: 4, workTypes: ['Travaux exposant au contact avec des pièces nues sous tension', 'Maintenance courante'],
    description: 'Contrôle thermographique, resserrage des connexions et remplacement de deux disjoncteurs de tête sur les armoires TGBT 1 et 2.',
    sectorPrecision: 'Local TGBT, rez-de-chaussée côté quai', participants: 'Électriciens habilités BR/B2V de l\'entreprise extérieure, chargé de consignation interne',
    procedures: 'Consignation électrique par le chargé de consignation, vérification d\'absence de tension (VAT), balisage du local.', comments: 'Coupure de la ligne 2 à prévoir avec la production.',
    equipment: 'Caméra thermique, outillage isolé 1000 V, tapis isolant',
  },
  {
    number: 'PDP-DEMO-0002', subject: 'Montage d\'un échafaudage pour ravalement de façade', status: 'waiting_manual', site: 'Bâtiment C – Bureaux',
    start: 5, end: 40, times: ['08:00', '17:00'], punctual: true, customer: 'julien.moreau', service: 'Maintenance', workSiteType: 'specific',
    hours: 520, staff: 6, workTypes: ['Travaux du bâtiment et des travaux publics exposant', "Travaux de montage, démontage d'éléments préfabriqués lourds"],
    description: 'Montage d\'un échafaudage de pied de 14 m sur la façade sud, ravalement puis démontage.', sectorPrecision: 'Façade sud, parking du personnel neutralisé',
    participants: 'Monteurs d\'échafaudage formés R408, façadiers', procedures: 'Réception de l\'échafaudage avant utilisation, balisage du pied, port du harnais lors du montage.',
    comments: 'Le parking sud est fermé pendant toute la durée du chantier.', materials: [['Nacelle élévatrice PEMP 3B', -40, 'NAC-2231']],
    medical: [['Monteurs d\'échafaudage', 'Travail en hauteur', 'Échafaudages du Rhône', 4]],
  },
  {
    number: 'PDP-DEMO-0003', subject: 'Nettoyage industriel des cuves de process', status: 'waiting_sign', site: 'Bâtiment A – Production',
    start: 2, end: 4, times: ['06:00', '14:00'], punctual: true, customer: 'claire.martin', service: 'Production', workSiteType: 'technical_stop', productionStop: true,
    hours: 48, staff: 3, workTypes: ['Travaux dans ou sur des cuves et accumulateurs', 'Nettoyage des locaux'],
    description: 'Nettoyage haute pression de l\'intérieur des cuves C1 à C3 pendant l\'arrêt technique.', sectorPrecision: 'Zone cuves, niveau -1',
    participants: 'Agents de nettoyage industriel formés CATEC, surveillant extérieur', procedures: 'Permis de pénétrer en espace confiné, détecteur 4 gaz, ventilation forcée, surveillant permanent.',
    comments: 'Arrêt de la ligne 1 du lundi 6 h au mercredi 14 h.', medical: [['Agents de nettoyage', 'Espace confiné', 'Nettoyage Industriel Lyonnais', 3]],
    advice: [['notice', 'claire.martin', 'Avis favorable sous réserve de la présence permanente du surveillant extérieur.']],
  },
  {
    number: 'PDP-DEMO-0004', subject: 'Réfection de l\'étanchéité – travaux en toiture', status: 'waiting_tiers', site: 'Entrepôt de Saint-Priest', extraSites: ['Cellule 1 – Stockage'],
    start: 20, end: 35, times: ['07:00', '15:30'], punctual: true, customer: 'julien.moreau', service: 'Logistique',
    hours: 300, staff: 5, workTypes: ['Travaux en toiture'],
    description: 'Dépose de l\'ancienne membrane et pose d\'une étanchéité bicouche sur 1 200 m² de toiture.', sectorPrecision: 'Toiture de la cellule 1, accès par l\'échelle à crinoline nord',
    participants: 'Étancheurs, chef de chantier', procedures: 'Garde-corps périphériques temporaires, lignes de vie, interdiction de circuler sous la zone de travail.',
    comments: 'Permis de feu obligatoire pour les soudures au chalumeau.', advice: [['comment', 'julien.moreau', 'Merci de transmettre le planning de livraison des rouleaux.']],
  },
  {
    number: 'PDP-DEMO-0005', subject: 'Levage et remplacement du moteur du pont roulant', status: 'waiting_internal', site: 'Bâtiment B – Maintenance',
    start: 1, end: 3, times: ['08:00', '18:00'], punctual: true, customer: 'claire.martin', substitutes: ['karim.benali'], service: 'Maintenance', workSiteType: 'technical_stop',
    hours: 30, staff: 3, workTypes: ['Travaux comportant le recours à des ponts roulants'],
    description: 'Dépose du moteur de translation du pont roulant 10 t à l\'aide d\'une grue mobile et pose du moteur neuf.', sectorPrecision: 'Atelier maintenance, travée 2',
    participants: 'Levageurs, grutier CACES R483, chef de manœuvre', procedures: 'Plan de levage validé, zone d\'évolution balisée, consignation du pont roulant.',
    comments: 'Grue mobile stationnée sur la voie pompiers : prévenir le poste de garde.', materials: [['Palan électrique 2 t', -90, 'PAL-0457'], ['Élingues textiles 4 t', -15, '']],
  },
  {
    number: 'PDP-DEMO-0006', subject: 'Contrat annuel de maintenance des portes sectionnelles', status: 'in_operation', site: 'Entrepôt de Saint-Priest', extraSites: ['Cellule 2 – Expédition'],
    start: -200, end: 20, times: ['08:30', '12:00'], punctual: false, frequency: 'Une intervention par trimestre', customer: 'julien.moreau', service: 'Logistique',
    hours: 120, staff: 2, workTypes: ['Contrôles et vérifications périodiques', 'Maintenance courante'],
    description: 'Vérification périodique et entretien des 12 portes sectionnelles et niveleurs de quai.', sectorPrecision: 'Quais 1 à 12',
    participants: 'Techniciens de maintenance de l\'entreprise extérieure', procedures: 'Condamnation du quai concerné, balisage, aucune manœuvre de camion pendant l\'intervention.',
    comments: 'Interventions planifiées le mardi matin.',
  },
  {
    number: 'PDP-DEMO-0007', subject: 'Remplacement des luminaires de l\'atelier par des LED', status: 'in_operation', site: 'Usine de Lyon-Gerland',
    start: -60, end: -5, times: ['07:00', '15:00'], punctual: true, customer: 'claire.martin', service: 'Maintenance',
    hours: 210, staff: 3, workTypes: ['Maintenance courante'],
    description: 'Dépose de 180 luminaires à iodure métallique et pose de luminaires LED depuis une nacelle.', sectorPrecision: 'Atelier usinage et ligne d\'assemblage',
    participants: 'Électriciens', procedures: 'Zone de travail sous nacelle balisée, travail hors production de nuit interdit.', comments: 'Chantier en retard : fin prévue dépassée.',
  },
  {
    number: 'PDP-DEMO-0008', subject: 'Désamiantage des dalles de sol – local archives', status: 'expired', archived: true, site: 'Bâtiment C – Bureaux',
    start: -400, end: -370, times: ['08:00', '16:00'], punctual: true, customer: 'claire.martin', service: 'QHSE', workSiteType: 'specific',
    hours: 160, staff: 4, workTypes: ['Travaux de démolition'],
    description: 'Retrait des dalles vinyle-amiante du local archives en sous-section 3.', sectorPrecision: 'Local archives, niveau 0',
    participants: 'Opérateurs certifiés SS3', procedures: 'Confinement, extraction d\'air, sas de décontamination, mesures d\'empoussièrement.', comments: 'Restitution des locaux après mesure libératoire.',
  },
];

const isoPlus = (days: number) => { const d = new Date(`${todayIso()}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + days); return d.toISOString().slice(0, 10); };

/**
 * The demo company's prevention plans: one in each state of the next issue's workflow (two in
 * operation, one of them late; one archived expired plan), on the demo sites, with work types,
 * material, medical supervision works and advice. Idempotent: the plans are known by their
 * `PDP-DEMO-000n` number (see {@link demoPlanIds}).
 */
export async function seedPreventionPlanDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query("SELECT 1 FROM prevention_plan WHERE tenant_id = $1 AND pdp_number LIKE 'PDP-DEMO-%' LIMIT 1", [tenantId]);
  if (done) return;
  const people: Array<{ id: number; username: string }> = await db.query(`SELECT u.id, u.username FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id`, [tenantId]);
  if (!people.length) return;
  const user = (name: string) => people.find((p) => p.username === name)?.id ?? people[0].id;
  const items: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const services: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const workTypes: Array<{ id: number; label: string }> = await db.query('SELECT id, label FROM work_type WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const orgs: Array<{ id: number; type: string }> = await db.query(
    "SELECT id, type FROM prevention_organisation WHERE tenant_id = $1 AND deleted_at IS NULL AND type IN ('labour_inspection', 'occupational_medicine') ORDER BY id", [tenantId]);
  const labour = orgs.find((o) => o.type === 'labour_inspection')?.id ?? null;
  const medicine = orgs.find((o) => o.type === 'occupational_medicine')?.id ?? null;
  const item = (name: string) => items.find((i) => i.name === name)?.id ?? null;
  const now = clock.now();
  await db.transaction(async (m) => {
    for (const p of PLANS) {
      const [row] = await m.query(
        `INSERT INTO prevention_plan (tenant_id, pdp_number, subject, status, archived, created_by_id, ordering_customer_id, hierarchy_item_id,
           is_punctual, frequency, start_date, end_date, information_job_inspection_date, planned_start_time, planned_end_time, service_id,
           sector_precision, description_sector, participants, procedures, description, comments, work_site_type, production_stop, maximum_staff,
           hours_worked, equipment, prerun_inspection_date, prerun_inspection_time, installation_available, meeting_point,
           labour_inspection_id, occupational_medicine_id, assembly_points, emergency_numbers, order_number, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
           $27, '09:00', true, $28, $29, $30, $31, $32, $33, $34, $34) RETURNING id`,
        [tenantId, p.number, p.subject, p.status, p.archived ?? false, user(p.customer), item(p.site),
          p.punctual, p.frequency ?? null, isoPlus(p.start), isoPlus(p.end), isoPlus(p.start - 10), p.times[0], p.times[1],
          services.find((s) => s.name === p.service)?.id ?? null, p.sectorPrecision, `Secteur : ${p.sectorPrecision}`, p.participants, p.procedures,
          p.description, p.comments, p.workSiteType ?? 'normal', p.productionStop ?? false, p.staff, p.hours, p.equipment ?? null,
          isoPlus(p.start - 3), 'Poste de garde, entrée nord', labour, medicine, 'Parking visiteurs, entrée nord',
          'Poste de garde 2222 – SAMU 15 – Pompiers 18 – Urgences 112', `BC-${p.number.slice(-4)}`, now]);
      const id = row.id;
      for (const name of p.substitutes ?? []) await m.query('INSERT INTO plan_substitute (plan_id, user_id, tenant_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, user(name), tenantId]);
      for (const name of p.extraSites ?? []) if (item(name)) await m.query('INSERT INTO plan_hierarchy_item (plan_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [id, item(name), tenantId]);
      // Work types come from the prevention lists (seeded before us); a missing one is skipped.
      const types = new Set(p.workTypes.map((w) => workTypes.find((t) => t.label.startsWith(w))?.id).filter((x): x is number => x != null));
      for (const wt of types) await m.query('INSERT INTO plan_work_type (plan_id, work_type_id, tenant_id) VALUES ($1, $2, $3)', [id, wt, tenantId]);
      await m.query('INSERT INTO plan_rescue_worker (plan_id, user_id, tenant_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, user('karim.benali'), tenantId]);
      for (const [type, days, serial] of p.materials ?? []) {
        await m.query('INSERT INTO plan_material (tenant_id, plan_id, type, check_date, serial_number) VALUES ($1, $2, $3, $4, $5)', [tenantId, id, type, days == null ? null : isoPlus(days), serial || null]);
      }
      for (const [name, type, companies, number] of p.medical ?? []) {
        await m.query('INSERT INTO plan_medical_work (tenant_id, plan_id, name, type, companies, number) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, id, name, type, companies, number]);
      }
      await m.query('INSERT INTO plan_inspection_participant (tenant_id, plan_id, kind, user_id) VALUES ($1, $2, $3, $4)', [tenantId, id, 'user', user(p.customer)]);
      for (const [kind, author, content] of p.advice ?? []) {
        await m.query('INSERT INTO plan_advice (tenant_id, plan_id, author_id, kind, content) VALUES ($1, $2, $3, $4, $5)', [tenantId, id, user(author), kind, content]);
      }
      await m.query(
        `INSERT INTO history_entry (tenant_id, subject_type, subject_id, transition, user_id, created_at) VALUES ($1, 'prevention_plan', $2, 'create', $3, $4)`,
        [tenantId, id, user(p.customer), now]);
    }
  });
}

/**
 * Ids of the demo plans by number (`PDP-DEMO-0001` ...), for the demo of the parts built around
 * the plan (companies and staff add theirs to these plans).
 */
export async function demoPlanIds(db: DataSource, tenantId: number): Promise<Record<string, number>> {
  const rows: Array<{ id: number; pdp_number: string }> = await db.query(
    "SELECT id, pdp_number FROM prevention_plan WHERE tenant_id = $1 AND pdp_number LIKE 'PDP-DEMO-%' AND deleted_at IS NULL", [tenantId]);
  return Object.fromEntries(rows.map((r) => [r.pdp_number, r.id]));
}
