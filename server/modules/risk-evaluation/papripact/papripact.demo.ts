import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { intSetting, saveSettings } from '../../../kernel/settings/settings';
import { userInTenant } from '../../../kernel/tenancy';
import { PAPRIPACT_THRESHOLD } from './papripact.service';

/** The plant's staff: the HR module lists a dozen of them, the company declares the rest. */
const DEMO_HEADCOUNT = 86;

/** A measure of the programme: an action of an evaluation (found by its situation) and the programme's fields. */
interface DemoLine {
  situation: string; measure: string; status: 'WAITING' | 'IN_PROGRESS'; level: 'normal' | 'high' | 'urgent'; assignee: string;
  /** Deadline: `MM-DD` of the current year, of the next one, or none (open: in every year's programme). */
  deadline: { year: 0 | 1; day: string } | null;
  conditions: string; indicator: string; cost: string;
}

const LINES: DemoLine[] = [
  { situation: 'Intervention sur l\'armoire électrique de la ligne sans consignation', measure: 'Rédiger la procédure de consignation de l\'armoire de la ligne et former les électriciens',
    status: 'IN_PROGRESS', level: 'urgent', assignee: 'julien.moreau', deadline: { year: 0, day: '12-18' },
    conditions: 'Formation par un organisme habilitant, ligne arrêtée une demi-journée pendant la maintenance programmée', indicator: 'Électriciens habilités BR / B2V : 100 % ; consignations tracées au registre', cost: '2400.00' },
  { situation: 'Chute du quai en l\'absence de camion à quai, porte sectionnelle ouverte', measure: 'Installer des barrières levantes sur les quais 1 à 4',
    status: 'WAITING', level: 'high', assignee: 'karim.benali', deadline: { year: 0, day: '12-11' },
    conditions: 'Travaux pendant la fermeture de fin d\'année, par le fournisseur des portes sectionnelles', indicator: 'Aucun quai ouvert sans camion lors des audits mensuels', cost: '18500.00' },
  { situation: 'Chargement manuel des barres de 25 kg dans l\'embarreur', measure: 'Installer un palan sur potence devant l\'embarreur',
    status: 'IN_PROGRESS', level: 'high', assignee: 'julien.moreau', deadline: null,
    conditions: 'Étude de la potence avec le fabricant du tour ; pose un samedi', indicator: 'Plus aucune barre portée à la main (observation au poste)', cost: '4300.00' },
  { situation: 'Renversement du chariot en bordure de quai lors du chargement d\'un camion', measure: 'Équiper les chariots de ceintures avec alarme et de limiteurs de vitesse',
    status: 'WAITING', level: 'normal', assignee: 'karim.benali', deadline: { year: 1, day: '03-31' },
    conditions: 'Équipement par le loueur des chariots lors de la visite périodique', indicator: 'Chariots équipés : 6 sur 6', cost: '6200.00' },
];

/** Transitions from DRAFT to a status, as the action plan's workflow records them. */
const PATH: Record<DemoLine['status'], Array<[string, string, string]>> = {
  WAITING: [['waiting', 'DRAFT', 'WAITING']],
  IN_PROGRESS: [['waiting', 'DRAFT', 'WAITING'], ['take_into_account', 'WAITING', 'IN_PROGRESS']],
};

/**
 * The demo's PAPRIPACT (Code du travail L4121-3-1): the company declares 86 employees (setting
 * `declared_headcount`, the HR module listing only some of them), so the programme is shown; four
 * actions of the Lyon-Gerland plant's most critical evaluations (source « évaluation des risques »),
 * three in this year's programme and one in next year's, each with its conditions, indicator and
 * cost for its year. Once per company; needs the evaluations' demo.
 */
export async function seedPapripactDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM du_papripact_line WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  if ((await intSetting(db, tenantId, 'declared_headcount')) < PAPRIPACT_THRESHOLD) await saveSettings(db, tenantId, { declared_headcount: DEMO_HEADCOUNT });
  const people: Array<{ id: number; username: string }> = await db.query(`SELECT u.id, u.username FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id`, [tenantId]);
  if (!people.length) return;
  const user = (username: string) => people.find((p) => p.username === username)?.id ?? people[0].id;
  const creator = user('claire.martin');
  const year = Number(todayIso().slice(0, 4));
  const now = clock.now();
  for (const l of LINES) {
    const [evaluation] = await db.query(
      `SELECT e.id, e.hierarchy_item_id FROM risk_evaluation e JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
        WHERE e.tenant_id = $1 AND e.dangerous_situation = $2 AND i.name = 'Usine de Lyon-Gerland' AND e.deleted_at IS NULL ORDER BY e.id LIMIT 1`, [tenantId, l.situation]);
    if (!evaluation) continue;
    const lineYear = year + (l.deadline?.year ?? 0);
    const [action] = await db.query(
      `INSERT INTO action (tenant_id, status, comments, level, creator_id, assignee_id, deadline, hierarchy_item_id, source_type, source_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'risk_evaluation', $9, $10, $10) RETURNING id`,
      [tenantId, l.status, l.measure, l.level, creator, user(l.assignee), l.deadline ? `${lineYear}-${l.deadline.day}` : null, evaluation.hierarchy_item_id, evaluation.id, now]);
    for (const [workflow, transition, from, to] of [[null, 'create', null, 'DRAFT'], ...PATH[l.status].map(([t, f, s]) => ['action', t, f, s])]) {
      await db.query(
        `INSERT INTO history_entry (tenant_id, subject_type, subject_id, workflow, transition, from_state, to_state, user_id, created_at)
         VALUES ($1, 'action', $2, $3, $4, $5, $6, $7, $8)`,
        [tenantId, action.id, workflow, transition, from, to, transition === 'take_into_account' ? user(l.assignee) : creator, now]);
    }
    await db.query('INSERT INTO du_papripact_line (tenant_id, action_id, year, conditions, indicator, cost) VALUES ($1, $2, $3, $4, $5, $6)',
      [tenantId, action.id, lineYear, l.conditions, l.indicator, l.cost]);
  }
}
