import type { DataSource } from 'typeorm';
import { clock } from '../../kernel/clock';
import { userInTenant } from '../../kernel/tenancy';
import { listNomenclature } from '../nomenclature/nomenclature.service';
import { addDaysIso, todayIso } from './action-view.helpers';

/** Transitions that lead from DRAFT to each status, for the demo history. */
const PATH: Record<string, Array<[string, string, string]>> = {
  DRAFT: [],
  WAITING: [['waiting', 'DRAFT', 'WAITING']],
  REASSIGNED: [['waiting', 'DRAFT', 'WAITING'], ['reassign', 'WAITING', 'REASSIGNED']],
  IN_PROGRESS: [['waiting', 'DRAFT', 'WAITING'], ['take_into_account', 'WAITING', 'IN_PROGRESS']],
  PROCESSED: [['waiting', 'DRAFT', 'WAITING'], ['take_into_account', 'WAITING', 'IN_PROGRESS'], ['processed', 'IN_PROGRESS', 'PROCESSED']],
  CLOSED: [['waiting', 'DRAFT', 'WAITING'], ['take_into_account', 'WAITING', 'IN_PROGRESS'], ['processed', 'IN_PROGRESS', 'PROCESSED'], ['close', 'PROCESSED', 'CLOSED']],
  ABANDONED: [['waiting', 'DRAFT', 'WAITING'], ['abandon', 'WAITING', 'ABANDONED']],
};

interface DemoAction {
  text: string;
  status: string;
  level: 'normal' | 'high' | 'urgent';
  /** Deadline in days from today (negative: past). */
  due: number | null;
  creator: number;
  assignee: number | null;
  item?: string;
  service?: string;
  immediate?: boolean;
  complement?: string;
  resolution?: string;
  abandon?: string;
  comments?: string[];
}

/**
 * Fifteen realistic actions of the demo company in every status, level and deadline situation
 * (late, due this week, later, none), a few with progress comments, one follow-up of a closed
 * action, most attached to a site or a building. Idempotent per company.
 */
export async function seedActionPlanDemo(db: DataSource, tenantId: number): Promise<void> {
  // Actions of other modules (events...) have a source: only ours, without one, mark the demo as done.
  const [done] = await db.query('SELECT 1 FROM action WHERE tenant_id = $1 AND source_type IS NULL LIMIT 1', [tenantId]);
  if (done) return;
  const people: Array<{ id: number; username: string }> = await db.query(
    `SELECT u.id, u.username FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id`, [tenantId]);
  if (!people.length) return;
  const byName = (username: string, fallback: number) => people.find((p) => p.username === username)?.id ?? people[fallback % people.length].id;
  const claire = byName('claire.martin', 0);
  const karim = byName('karim.benali', 1);
  const sophie = byName('sophie.lefebvre', 2);
  const julien = byName('julien.moreau', 3);
  const items: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const services: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  const item = (name?: string) => (name ? items.find((i) => i.name === name)?.id ?? null : null);
  const service = (name?: string) => (name ? services.find((s) => s.name === name)?.id ?? null : null);
  const efficiency = await listNomenclature(db, tenantId, 'efficiency_synthesis');

  const actions: DemoAction[] = [
    { text: 'Remplacer le garde-corps endommagé de la passerelle de la ligne 2', status: 'IN_PROGRESS', level: 'urgent', due: -3, creator: claire, assignee: julien, item: 'Bâtiment A – Production', service: 'Maintenance', comments: ['Garde-corps commandé chez le fournisseur, livraison annoncée vendredi.'] },
    { text: 'Baliser la zone de circulation piétonne devant les quais 3 et 4', status: 'WAITING', level: 'high', due: 5, creator: claire, assignee: karim, item: 'Cellule 2 – Expédition', service: 'Logistique' },
    { text: 'Mettre à jour le plan de prévention avec l\'entreprise Elec Rhône Services', status: 'DRAFT', level: 'normal', due: 20, creator: karim, assignee: null, item: 'Usine de Lyon-Gerland' },
    { text: 'Former les caristes au nouveau protocole de chargement', status: 'PROCESSED', level: 'normal', due: 2, creator: claire, assignee: sophie, service: 'Logistique', resolution: 'Session de formation réalisée le matin avec les 8 caristes ; feuille d\'émargement jointe au dossier RH.' },
    { text: 'Réparer la fuite d\'huile sous la presse hydraulique P12', status: 'CLOSED', level: 'high', due: -20, creator: julien, assignee: julien, item: 'Bâtiment B – Maintenance', service: 'Maintenance', resolution: 'Joint du vérin remplacé, absorbant répandu et sol nettoyé.' },
    { text: 'Vérifier les extincteurs du bâtiment C après l\'exercice d\'évacuation', status: 'CLOSED', level: 'normal', due: -35, creator: claire, assignee: karim, item: 'Bâtiment C – Bureaux', resolution: 'Trois extincteurs rechargés par le prestataire.' },
    { text: 'Installer un éclairage supplémentaire dans l\'allée de stockage B', status: 'REASSIGNED', level: 'normal', due: 12, creator: claire, assignee: julien, item: 'Cellule 1 – Stockage', service: 'Maintenance' },
    { text: 'Afficher les consignes de port des EPI à l\'entrée de l\'atelier', status: 'CLOSED', level: 'normal', due: -10, creator: sophie, assignee: claire, item: 'Bâtiment A – Production', service: 'QHSE', immediate: true, resolution: 'Affiches plastifiées posées aux deux entrées.' },
    { text: 'Analyser les causes du presqu\'accident du chariot élévateur', status: 'IN_PROGRESS', level: 'high', due: 6, creator: claire, assignee: claire, item: 'Entrepôt de Saint-Priest', service: 'QHSE', comments: ['Témoignages recueillis auprès du cariste et du chef d\'équipe.', 'Arbre des causes en cours de rédaction.'] },
    { text: 'Remplacer les tapis anti-fatigue du poste de conditionnement', status: 'ABANDONED', level: 'normal', due: -5, creator: karim, assignee: julien, item: 'Bâtiment A – Production', abandon: 'Poste supprimé lors de la réorganisation de la ligne.' },
    { text: 'Contrôler l\'étanchéité du bac de rétention des produits chimiques', status: 'WAITING', level: 'urgent', due: 1, creator: julien, assignee: claire, item: 'Bâtiment B – Maintenance', service: 'QHSE' },
    { text: 'Mettre en place un registre des vérifications des échelles', status: 'DRAFT', level: 'normal', due: null, creator: claire, assignee: null, complement: 'Prévoir une fiche par échelle avec un numéro d\'inventaire.' },
    { text: 'Réviser le document unique pour l\'unité de travail « Quais de chargement »', status: 'IN_PROGRESS', level: 'normal', due: 30, creator: claire, assignee: sophie, service: 'QHSE' },
    { text: 'Faire réparer la porte sectionnelle du quai 1', status: 'WAITING', level: 'high', due: -1, creator: karim, assignee: julien, item: 'Cellule 2 – Expédition', service: 'Logistique' },
    { text: 'Sensibiliser les équipes de nuit au risque de travail isolé', status: 'PROCESSED', level: 'normal', due: 15, creator: julien, assignee: claire, service: 'Production', resolution: 'Quart d\'heure sécurité réalisé avec les deux équipes de nuit.' },
  ];

  const today = todayIso();
  const now = clock.now();
  const ids: number[] = [];
  for (const [n, a] of actions.entries()) {
    const created = new Date(now.getTime() - (40 - n) * 24 * 3600 * 1000);
    const deadline = a.due === null ? null : addDaysIso(today, a.due);
    const closed = a.status === 'CLOSED';
    const [row] = await db.query(
      `INSERT INTO action (tenant_id, status, comments, complement, immediate, level, creator_id, assignee_id, deadline, resolution_explanation,
                           efficiency_synthesis_id, closure_date, abandon_explanation, hierarchy_item_id, service_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING id`,
      [tenantId, a.status, a.text, a.complement ?? null, !!a.immediate, a.level, a.creator, a.assignee, deadline, a.resolution ?? null,
        closed ? efficiency[n % Math.max(1, efficiency.length)]?.id ?? null : null, closed ? addDaysIso(deadline ?? today, 2) : null,
        a.abandon ?? null, item(a.item), service(a.service), created]);
    ids.push(row.id);
    const history: Array<[string | null, string, string | null, string]> = [[null, 'create', null, 'DRAFT'], ...PATH[a.status].map(([t, f, to]) => ['action', t, f, to] as [string, string, string, string])];
    for (const [step, [workflow, transition, from, to]] of history.entries()) {
      await db.query(
        `INSERT INTO history_entry (tenant_id, subject_type, subject_id, workflow, transition, from_state, to_state, user_id, created_at)
         VALUES ($1, 'action', $2, $3, $4, $5, $6, $7, $8)`,
        [tenantId, row.id, workflow, transition, from, to, ['take_into_account', 'processed'].includes(transition) ? a.assignee ?? a.creator : a.creator,
          new Date(created.getTime() + step * 2 * 24 * 3600 * 1000)]);
    }
    for (const [i, text] of (a.comments ?? []).entries()) {
      await db.query('INSERT INTO action_progress_comment (tenant_id, action_id, author_id, body, created_at) VALUES ($1, $2, $3, $4, $5)',
        [tenantId, row.id, a.assignee ?? a.creator, text, new Date(created.getTime() + (i + 3) * 24 * 3600 * 1000)]);
    }
  }
  // The closed oil leak repair is followed by a preventive action.
  await db.query(
    `INSERT INTO action (tenant_id, status, comments, level, creator_id, assignee_id, deadline, hierarchy_item_id, service_id, parent_action_id, created_at, updated_at)
     SELECT tenant_id, 'WAITING', $3, 'normal', creator_id, assignee_id, $4, hierarchy_item_id, service_id, id, $5, $5 FROM action WHERE id = $2 AND tenant_id = $1`,
    [tenantId, ids[4], 'Planifier le remplacement préventif des joints des presses hydrauliques', addDaysIso(today, 45), now]);
}
