import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { recordHistory } from '../../kernel/history/history.service';
import { userInTenant } from '../../kernel/tenancy';
import { createAction } from '../action-plan/action-plan.service';
import { listNomenclature } from '../nomenclature/nomenclature.service';
import type { NomenclatureKind } from '../nomenclature/nomenclature.kinds';
import { createQuestionnaire, conformityRate, loadQuestionnaire, saveResponses } from '../questionnaire/questionnaire.service';
import type { ResponseValues } from '../questionnaire/questionnaire.types';
import { constructionSurveys } from './event-questionnaire';

/** `YYYY-MM-DD`, `days` before today. */
function daysAgo(days: number): string {
  const d = clock.now();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

async function idOf(db: DataSource, sql: string, params: unknown[]): Promise<number | null> {
  const [row] = await db.query(sql, params);
  return row?.id ?? null;
}

/** Ids of the nomenclature values whose label is among `labels` (whatever exists in the company). */
async function pick(db: DataSource, tenantId: number, kind: NomenclatureKind, labels: string[]): Promise<number[]> {
  const all = await listNomenclature(db, tenantId, kind);
  return all.filter((o) => labels.includes(o.label)).map((o) => o.id);
}

type Row = Record<string, unknown>;

async function insertEvent(m: EntityManager, tenantId: number, row: Row, history: Array<{ transition: string; from?: string; to?: string; userId: number | null; comment?: string; workflow?: boolean }>): Promise<number> {
  const cols = Object.keys(row);
  const [r] = await m.query(`INSERT INTO event (${cols.join(', ')}, tenant_id) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}, $${cols.length + 1}) RETURNING id`, [...Object.values(row), tenantId]);
  for (const h of history) {
    await recordHistory(m, { tenantId, subjectType: 'event', subjectId: r.id, workflow: h.workflow ? 'event' : null, transition: h.transition, from: h.from ?? null, to: h.to ?? null, comment: h.comment ?? null, userId: h.userId });
  }
  return r.id;
}

async function people(m: EntityManager, tenantId: number, eventId: number, role: 'collaborator' | 'performer', ids: Array<number | null>): Promise<void> {
  for (const id of ids) if (id) await m.query('INSERT INTO event_person (event_id, user_id, role, tenant_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [eventId, id, role, tenantId]);
}

async function findings(m: EntityManager, tenantId: number, eventId: number, rows: Array<[string, string, string | null]>): Promise<void> {
  for (const [i, [kind, description, risk]] of rows.entries()) {
    await m.query('INSERT INTO event_finding (tenant_id, event_id, kind, description, risk_perception, position) VALUES ($1, $2, $3, $4, $5, $6)', [tenantId, eventId, kind, description, risk, i + 1]);
  }
}

/** The "Causerie sécurité" custom type and its questionnaire (a few questions). */
async function seedTalkType(db: DataSource, tenantId: number, domainId: number | null): Promise<{ typeId: number; questionnaireId: number }> {
  return db.transaction(async (m) => {
    const questionnaireId = await createQuestionnaire(m, tenantId, { name: 'Causerie sécurité', ownerType: 'event_type' });
    const [g] = await m.query('INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, $3, 12, 1) RETURNING id', [tenantId, questionnaireId, 'Déroulement de la causerie']);
    const question = async (label: string, type: string, position: number, required: boolean, width: number) => {
      const [q] = await m.query('INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type, required, display_label, width) VALUES ($1, $2, $3, $4, $5, $6, true, $7) RETURNING id',
        [tenantId, g.id, label, position, type, required, width]);
      return q.id as number;
    };
    await question('Thème abordé', 'short', 1, true, 8);
    await question('Nombre de participants', 'short', 2, false, 4);
    const understood = await question('Les consignes ont-elles été comprises par l\'équipe ?', 'radio', 3, true, 12);
    for (const [i, [label, conforming, color, action]] of ([['Oui, par tous', true, 'green', false], ['En partie', false, 'orange', true], ['Non', false, 'red', true]] as const).entries()) {
      await m.query('INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, color, points, creates_action, position) VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)',
        [tenantId, understood, label, conforming, color, action, i + 1]);
    }
    await question('Remarques des participants', 'long', 4, false, 12);
    const [t] = await m.query(
      `INSERT INTO event_type (tenant_id, name, menu_label, active, domain_id, show_service, show_supervisor, show_collaborators, show_performers, show_domains,
                               show_observations, show_files, show_confidential, auto_action, auto_action_text, questionnaire_id)
       VALUES ($1, 'Causerie sécurité', 'Causerie sécurité', true, $2, true, true, true, true, true, true, true, false, true, $3, $4) RETURNING id`,
      [tenantId, domainId, 'Afficher le support de la causerie au panneau sécurité de l\'atelier', questionnaireId]);
    return { typeId: t.id, questionnaireId };
  });
}

/**
 * The demo company's events: an accident analysis at "Bâtiment A – Production", a vehicle safety
 * visit, an audit with findings, a REX, a QHP, a near miss in draft, a "Causerie sécurité" of a
 * custom type and a construction-site visit, in several statuses (idempotent per company).
 */
export async function seedEventDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM event WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const user = (username: string) => idOf(db, `SELECT u.id FROM app_user u WHERE u.username = $2 AND ${userInTenant('u', '$1')}`, [tenantId, username]);
  const [claire, karim, sophie, julien] = await Promise.all(['claire.martin', 'karim.benali', 'sophie.lefebvre', 'julien.moreau'].map(user));
  const creator = claire ?? (await idOf(db, `SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} ORDER BY u.id LIMIT 1`, [tenantId]));
  const item = (name: string) => idOf(db, 'SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL', [tenantId, name]);
  const service = (name: string) => idOf(db, 'SELECT id FROM service WHERE tenant_id = $1 AND name = $2 AND deleted_at IS NULL', [tenantId, name]);
  const [batA, batB, priest, production, maintenance, qhse, logistique] = await Promise.all([
    item('Bâtiment A – Production'), item('Bâtiment B – Maintenance'), item('Cellule 2 – Expédition'),
    service('Production'), service('Maintenance'), service('QHSE'), service('Logistique'),
  ]);
  const workUnit = await idOf(db, 'SELECT id FROM work_unit WHERE tenant_id = $1 AND name = $2', [tenantId, 'Atelier usinage']);
  const [hse] = await pick(db, tenantId, 'domain', ['HSE']);
  const quality = (await pick(db, tenantId, 'domain', ['Qualité']))[0];
  const [field] = await pick(db, tenantId, 'main_source', ['Remontée terrain', 'Accident du travail']);
  const injuryTypes = await pick(db, tenantId, 'injury_type', ['Coupure']);
  const injurySites = await pick(db, tenantId, 'injury_site', ['Main droite']);
  const ppe = await pick(db, tenantId, 'ppe', ['Chaussures de sécurité', 'Lunettes de protection']);
  const domains = (...ids: Array<number | undefined>) => ids.filter((x): x is number => !!x);
  const now = clock.now();
  const base = (row: Row) => ({ creator_id: creator, updated_at: now, ...row });
  const talk = await seedTalkType(db, tenantId, hse ?? null);

  await db.transaction(async (m) => {
    const at = await insertEvent(m, tenantId, base({
      kind: 'at', status: 'IN_PROGRESS', subject: 'Coupure à la main lors du changement d\'outil sur le tour n°2', event_date: daysAgo(6),
      hierarchy_item_id: batA, service_id: production, supervisor_id: claire, creator_id: julien ?? creator, domain_ids: domains(hse), main_source_id: field ?? null,
      work_unit_id: workUnit, injury_type_ids: injuryTypes, injury_site_ids: injurySites, ppe_ids: ppe, notified: true,
      state_of_play: 'Tour à commande numérique à l\'arrêt, porte de protection ouverte, outil de coupe posé sur l\'établi.',
      ambiance: 'Éclairage correct, niveau sonore élevé (autre machine en fonctionnement), sol propre.',
      victim_activity: 'Remplacement de la plaquette de coupe en fin de série.',
      equipment: 'Tour CN Mazak, plaquette carbure, clé Torx.',
      technical_causes: 'Arête de la plaquette non protégée pendant la manipulation.',
      human_causes: 'Gants anti-coupure retirés pour gagner en dextérité.',
      organisational_causes: 'Mode opératoire de changement d\'outil non affiché au poste.',
      observations: 'Soins sur place par le sauveteur secouriste du travail, pas d\'arrêt de travail.',
    }), [{ transition: 'created', to: 'IN_PROGRESS', userId: julien ?? creator }]);
    await people(m, tenantId, at, 'collaborator', [julien]);
    if (julien) {
      await createAction(m, tenantId, creator!, { comments: 'Afficher le mode opératoire de changement d\'outil au poste du tour n°2', assigneeId: julien, deadline: daysAgo(-14), level: 'high', sourceType: 'event', sourceId: at, hierarchyItemId: batA, serviceId: production });
    }

    const vms = await insertEvent(m, tenantId, base({
      kind: 'vms', status: 'WAITING_SUPERVISOR', subject: 'Visite sécurité véhicule – tournée de livraison Saint-Priest', event_date: daysAgo(3),
      hierarchy_item_id: priest, service_id: logistique, supervisor_id: claire, creator_id: karim ?? creator, domain_ids: domains(hse),
      visit_type: 'VEHICLE', vehicle_brand: 'Renault', vehicle_model: 'Master', vehicle_registration: 'GH-482-TK',
    }), [{ transition: 'created', to: 'IN_PROGRESS', userId: karim ?? creator }, { transition: 'submit', from: 'IN_PROGRESS', to: 'WAITING_SUPERVISOR', userId: karim ?? creator, workflow: true }]);
    await people(m, tenantId, vms, 'performer', [karim]);
    await findings(m, tenantId, vms, [
      ['positive_point', 'Chargement arrimé avec des sangles en bon état, cales présentes.', 'PS'],
      ['dangerous_act', 'Conducteur au téléphone à l\'arrêt moteur tournant sur le quai.', 'PF'],
      ['hazardous_condition', 'Trousse de secours incomplète (pansements manquants).', 'PP'],
    ]);

    const audit = await insertEvent(m, tenantId, base({
      kind: 'audit', status: 'CLOSED', subject: 'Audit interne ISO 45001 – atelier de maintenance', event_date: daysAgo(20),
      hierarchy_item_id: batB, service_id: maintenance, supervisor_id: claire, domain_ids: domains(hse, quality), creator_id: sophie ?? creator,
    }), [{ transition: 'created', to: 'IN_PROGRESS', userId: sophie ?? creator }, { transition: 'validate', from: 'IN_PROGRESS', to: 'CLOSED', userId: claire, workflow: true, comment: 'Rapport diffusé au CSSCT.' }]);
    await people(m, tenantId, audit, 'performer', [claire, sophie]);
    await findings(m, tenantId, audit, [
      ['strong_point', 'Consignations tracées et cadenas nominatifs pour chaque intervenant.', null],
      ['non_conformity', 'Vérification périodique du pont roulant dépassée de deux mois.', null],
      ['sensitive_point', 'Stockage de produits chimiques à proximité du poste de soudure.', null],
      ['improvement', 'Mettre à jour le plan de circulation piétons / chariots.', null],
    ]);

    await insertEvent(m, tenantId, base({
      kind: 'rex', status: 'IN_PROGRESS', subject: 'REX : départ de feu sur la presse n°3', event_date: daysAgo(10),
      hierarchy_item_id: batA, service_id: production, supervisor_id: julien, domain_ids: domains(hse),
      observations: 'Départ de feu maîtrisé en moins d\'une minute avec l\'extincteur CO2 du poste. Partage prévu à toutes les équipes de production.',
    }), [{ transition: 'created', to: 'IN_PROGRESS', userId: creator }]);

    const qhp = await insertEvent(m, tenantId, base({
      kind: 'qhp', status: 'CLOSED', subject: 'QHP : gestes et postures au poste de conditionnement', event_date: daysAgo(15),
      hierarchy_item_id: batA, service_id: production, supervisor_id: julien, domain_ids: domains(hse),
    }), [{ transition: 'created', to: 'IN_PROGRESS', userId: creator }, { transition: 'validate', from: 'IN_PROGRESS', to: 'CLOSED', userId: julien, workflow: true }]);
    await people(m, tenantId, qhp, 'collaborator', [karim, sophie]);
    await people(m, tenantId, qhp, 'performer', [julien]);

    await insertEvent(m, tenantId, base({
      kind: 'generic', status: 'DRAFT', subject: 'Presque-accident : chute d\'un colis depuis le rayonnage', event_date: daysAgo(1),
      hierarchy_item_id: priest, service_id: logistique, confidential: true,
    }), [{ transition: 'created', to: 'DRAFT', userId: creator }]);
  });

  const talkTree = await loadQuestionnaire(db, tenantId, talk.questionnaireId);
  if (talkTree) {
    await db.transaction(async (m) => {
      const id = await insertEvent(m, tenantId, base({
        kind: 'custom', event_type_id: talk.typeId, questionnaire_id: talk.questionnaireId, status: 'IN_PROGRESS', subject: 'Causerie : le port des lunettes de protection',
        event_date: daysAgo(2), hierarchy_item_id: batA, service_id: production, supervisor_id: julien, domain_ids: domains(hse), auto_action_done: true,
      }), [{ transition: 'created', to: 'IN_PROGRESS', userId: creator }]);
      const [theme, count, understood, remarks] = talkTree.groups[0].questions;
      const values: ResponseValues = { [theme.id]: 'Port des lunettes de protection en zone d\'usinage', [count.id]: '12', [understood.id]: [understood.answers[0].id], [remarks.id]: 'Demande de lunettes à la vue pour deux opérateurs.' };
      await saveResponses(m, tenantId, talkTree, 'event', id, values);
      const rate = conformityRate(talkTree, values);
      await m.query('UPDATE event SET conformity_rate = $2 WHERE id = $1', [id, rate]);
    });
  }

  const [survey] = await constructionSurveys(db, tenantId);
  const tree = survey ? await loadQuestionnaire(db, tenantId, survey.id) : null;
  if (tree) {
    // Read before the transaction: the embedded database serves one connection at a time.
    const buildingC = await item('Bâtiment C – Bureaux');
    await db.transaction(async (m) => {
      const id = await insertEvent(m, tenantId, base({
        kind: 'construction_site', questionnaire_id: tree.id, status: 'CLOSED', subject: 'Visite de chantier – extension du bâtiment C', event_date: daysAgo(8),
        hierarchy_item_id: buildingC, service_id: qhse, supervisor_id: claire, domain_ids: domains(hse), creator_id: julien ?? creator,
      }), [{ transition: 'created', to: 'IN_PROGRESS', userId: julien ?? creator }, { transition: 'validate', from: 'IN_PROGRESS', to: 'CLOSED', userId: claire, workflow: true }]);
      // The first answer of every choice question: the demo visit is rather good.
      const values: ResponseValues = {};
      for (const q of tree.groups.flatMap((g) => g.questions)) {
        if (['radio', 'unique_select'].includes(q.answerType) && q.answers.length) values[q.id] = [q.answers[q.label.startsWith('Échafaudages') ? 1 : 0].id];
      }
      await saveResponses(m, tenantId, tree, 'event', id, values);
      await m.query('UPDATE event SET conformity_rate = $2 WHERE id = $1', [id, conformityRate(tree, values)]);
    });
  }
}
