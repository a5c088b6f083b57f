import type { DataSource, EntityManager } from 'typeorm';
import type { AnswerType, QuestionnaireGroup, QuestionnaireTree } from './questionnaire.types';

/** A data source or a transaction's manager: both run `query`. */
export type Db = DataSource | EntityManager;

/** Creates an empty questionnaire of the company (a survey, the form of a custom event type ...); returns its id. */
export async function createQuestionnaire(em: EntityManager, tenantId: number, input: { name: string; ownerType: string; surveyType?: string | null }): Promise<number> {
  const [row] = await em.query(
    'INSERT INTO questionnaire (tenant_id, name, owner_type, survey_type) VALUES ($1, $2, $3, $4) RETURNING id',
    [tenantId, input.name.trim().slice(0, 180), input.ownerType.slice(0, 40), input.surveyType ?? null]);
  return row.id;
}

/**
 * The questionnaire with its groups, questions and proposed answers, each ordered by position
 * (then id); rows in the trash are left out. Null when not a live questionnaire of this company.
 */
export async function loadQuestionnaire(em: Db, tenantId: number, id: number): Promise<QuestionnaireTree | null> {
  const [head] = await em.query('SELECT id, name, owner_type, survey_type FROM questionnaire WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  if (!head) return null;
  const groups: Array<Record<string, any>> = await em.query(
    `SELECT g.id, g.name, g.width, g.position, f.storage_key AS help_key FROM questionnaire_group g LEFT JOIN stored_file f ON f.id = g.help_file_id
      WHERE g.questionnaire_id = $1 AND g.tenant_id = $2 AND g.deleted_at IS NULL ORDER BY g.position, g.id`, [id, tenantId]);
  const questions: Array<Record<string, any>> = await em.query(
    `SELECT q.* FROM questionnaire_question q JOIN questionnaire_group g ON g.id = q.group_id
      WHERE g.questionnaire_id = $1 AND q.tenant_id = $2 AND q.deleted_at IS NULL ORDER BY q.position, q.id`, [id, tenantId]);
  const answers: Array<Record<string, any>> = await em.query(
    `SELECT a.* FROM questionnaire_answer a JOIN questionnaire_question q ON q.id = a.question_id JOIN questionnaire_group g ON g.id = q.group_id
      WHERE g.questionnaire_id = $1 AND a.tenant_id = $2 AND a.deleted_at IS NULL ORDER BY a.position, a.id`, [id, tenantId]);
  const tree: QuestionnaireTree = { id: head.id, name: head.name, ownerType: head.owner_type, surveyType: head.survey_type, groups: [] };
  const byGroup = new Map<number, QuestionnaireGroup>();
  for (const g of groups) {
    const group: QuestionnaireGroup = { id: g.id, name: g.name, width: g.width, position: g.position, helpFile: g.help_key ?? null, questions: [] };
    byGroup.set(g.id, group);
    tree.groups.push(group);
  }
  const byQuestion = new Map<number, QuestionnaireGroup['questions'][number]>();
  for (const q of questions) {
    const question = { id: q.id, label: q.label, position: q.position, answerType: q.answer_type as AnswerType, required: q.required, displayLabel: q.display_label, width: q.width, toExport: q.to_export, answers: [] };
    byQuestion.set(q.id, question);
    byGroup.get(q.group_id)?.questions.push(question);
  }
  for (const a of answers) {
    byQuestion.get(a.question_id)?.answers.push({
      id: a.id, label: a.label, points: a.points === null ? null : Number(a.points), conforming: a.conforming, color: a.color, createsAction: a.creates_action,
      level: a.level, actionDelayDays: a.action_delay_days,
    });
  }
  return tree;
}

/** Every question of a tree, in display order. */
export function questionsOf(tree: QuestionnaireTree): QuestionnaireGroup['questions'] {
  return tree.groups.flatMap((g) => g.questions);
}
