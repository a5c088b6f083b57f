import type { DataSource, EntityManager } from 'typeorm';
import { SURVEY_OWNER, type AnswerType } from './questionnaire.types';
import { createQuestionnaire } from './tree.service';

type Answer = [label: string, conforming: boolean | null, color: string | null, points: number | null, createsAction?: boolean];
type Question = { label: string; type: AnswerType; required?: boolean; width?: number; displayLabel?: boolean; answers?: Answer[] };
type Group = { name: string; width: number; questions: Question[] };

const CONFORMITY: Answer[] = [['Conforme', true, 'green', 1], ['Non conforme', false, 'red', 0, true], ['Sans objet', null, 'grey', null]];
const YES_NO: Answer[] = [['Oui', true, 'green', 1], ['Non', false, 'red', 0, true]];

const SITE_VISIT: Group[] = [
  { name: 'Organisation du chantier', width: 12, questions: [
    { label: 'Date de la visite', type: 'date', required: true, width: 4 },
    { label: 'Heure d\'arrivée', type: 'time', width: 4 },
    { label: 'Accompagnant', type: 'user', width: 4 },
    { label: 'Panneau de chantier et plan d\'installation affichés', type: 'radio', required: true, width: 6, answers: CONFORMITY },
    { label: 'Accès et circulations piétonnes balisés', type: 'radio', required: true, width: 6, answers: CONFORMITY },
  ] },
  { name: 'Équipements de protection individuelle', width: 6, questions: [
    { label: 'Port des EPI (casque, chaussures, gilet)', type: 'radio', required: true, answers: CONFORMITY },
    { label: 'EPI manquants constatés', type: 'checkbox', answers: [['Casque', null, null, null], ['Chaussures de sécurité', null, null, null], ['Gilet haute visibilité', null, null, null], ['Lunettes', null, null, null], ['Gants', null, null, null]] },
  ] },
  { name: 'Travaux en hauteur', width: 6, questions: [
    { label: 'Garde-corps en place', type: 'unique_select', required: true, answers: CONFORMITY },
    { label: 'Échafaudages vérifiés (registre à jour)', type: 'radio', answers: CONFORMITY },
  ] },
  { name: 'Observations et signature', width: 12, questions: [
    { label: 'Observations', type: 'long', width: 12 },
    { label: 'Photo', type: 'file', width: 6 },
    { label: 'Signature du responsable de chantier', type: 'signature', width: 6, required: true },
  ] },
];

const HOT_WORK: Group[] = [
  { name: 'Avant les travaux', width: 12, questions: [
    { label: 'Zone dégagée des matières combustibles (rayon de 10 m)', type: 'radio', required: true, width: 6, answers: YES_NO },
    { label: 'Extincteur adapté à proximité du poste de travail', type: 'radio', required: true, width: 6, answers: YES_NO },
    { label: 'Détection incendie neutralisée sur la zone', type: 'radio', width: 6, answers: [['Oui', true, 'green', 1], ['Non', false, 'orange', 0, true], ['Sans objet', null, 'grey', null]] },
    { label: 'Heure de début des travaux', type: 'time', required: true, width: 6 },
  ] },
  { name: 'Fin des travaux', width: 12, questions: [
    { label: 'Surveillance de la zone après travaux', type: 'radio', required: true, width: 6, answers: YES_NO },
    { label: 'Contrôle deux heures après la fin des travaux (heure)', type: 'time', width: 6 },
    { label: 'Signature du surveillant', type: 'signature', width: 12 },
  ] },
];

const WORK_ORDER: Group[] = [
  { name: 'Préparation du poste', width: 12, questions: [
    { label: 'Énergies consignées et vérifiées', type: 'radio', required: true, width: 6, answers: CONFORMITY },
    { label: 'Zone balisée et signalée', type: 'radio', required: true, width: 6, answers: CONFORMITY },
    { label: 'Permis complémentaires nécessaires', type: 'checkbox', width: 12, answers: [['Permis de feu', null, null, null], ['Travail en hauteur', null, null, null], ['Espace confiné', null, null, null]] },
  ] },
  { name: 'Fin des travaux', width: 12, questions: [
    { label: 'Zone rendue propre et dégagée', type: 'radio', width: 6, answers: YES_NO },
    { label: 'Observations', type: 'long', width: 6 },
  ] },
];

const HEIGHT_WORK: Group[] = [
  { name: 'Moyens d\'accès et protections', width: 12, questions: [
    { label: 'Nacelle vérifiée (VGP à jour)', type: 'radio', required: true, width: 6, answers: YES_NO },
    { label: 'Harnais et longe portés et attachés', type: 'radio', required: true, width: 6, answers: YES_NO },
    { label: 'Périmètre balisé au sol', type: 'radio', width: 6, answers: CONFORMITY },
    { label: 'Vent inférieur à 45 km/h', type: 'radio', width: 6, answers: YES_NO },
  ] },
];

async function insertId(m: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const [row] = await m.query(`${sql} RETURNING id`, params);
  return row.id;
}

async function seedSurvey(db: DataSource, tenantId: number, name: string, surveyType: string, groups: Group[]): Promise<void> {
  const [exists] = await db.query('SELECT 1 FROM questionnaire WHERE tenant_id = $1 AND owner_type = $2 AND name = $3', [tenantId, SURVEY_OWNER, name]);
  if (exists) return;
  await db.transaction(async (m) => {
    const id = await createQuestionnaire(m, tenantId, { name, ownerType: SURVEY_OWNER, surveyType });
    for (const [gi, g] of groups.entries()) {
      const groupId = await insertId(m, 'INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position) VALUES ($1, $2, $3, $4, $5)', [tenantId, id, g.name, g.width, gi + 1]);
      for (const [qi, q] of g.questions.entries()) {
        const questionId = await insertId(m,
          'INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type, required, display_label, width) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [tenantId, groupId, q.label, qi + 1, q.type, q.required ?? false, q.displayLabel ?? true, q.width ?? 12]);
        for (const [ai, [label, conforming, color, points, createsAction]] of (q.answers ?? []).entries()) {
          await m.query('INSERT INTO questionnaire_answer (tenant_id, question_id, label, conforming, color, points, creates_action, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
            [tenantId, questionId, label, conforming, color, points, createsAction ?? false, ai + 1]);
        }
      }
    }
  });
}

/** The demo company's surveys: a construction-site safety visit, the hot-work (fire permit), work order and height-work checks (idempotent per company). */
export async function seedQuestionnaireDemo(db: DataSource, tenantId: number): Promise<void> {
  await seedSurvey(db, tenantId, 'Visite sécurité chantier', 'construction_site', SITE_VISIT);
  await seedSurvey(db, tenantId, 'Contrôle avant travaux par point chaud', 'fire_permit', HOT_WORK);
  await seedSurvey(db, tenantId, 'Check-list du bon de travail', 'work_order', WORK_ORDER);
  await seedSurvey(db, tenantId, 'Contrôle travail en hauteur', 'height_work', HEIGHT_WORK);
}
