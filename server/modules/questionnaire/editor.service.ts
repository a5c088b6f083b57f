import type { DataSource } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete, type Trashable } from '../../kernel/trash/trash';
import { CHOICE_TYPES, type AnswerType } from './questionnaire.types';
import type { AnswerInput, GroupInput, QuestionInput } from './questionnaire.schema';
import type { Db } from './tree.service';
import { rowsOf } from '../../kernel/db/sql';

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** The module's tables that go to the shared trash (`questionnaire.trash.<table>` names them there). */
export const TRASHABLE_TABLES = ['questionnaire', 'questionnaire_group', 'questionnaire_question', 'questionnaire_answer'] as const;
type TrashableTable = (typeof TRASHABLE_TABLES)[number];
/** The module's trashable tables, for its `contributes`. */
export const QUESTIONNAIRE_TRASHABLES: Trashable[] = TRASHABLE_TABLES.map((table) => ({ table, typeKey: `questionnaire.trash.${table}` }));

/** A questionnaire head as the editor shows it. */
export interface QuestionnaireHead { id: number; name: string; ownerType: string; surveyType: string | null; version: number }

/** A live questionnaire of the company, or null. */
export async function findQuestionnaire(db: Db, tenantId: number, id: number): Promise<QuestionnaireHead | null> {
  const [r] = await db.query('SELECT id, name, owner_type, survey_type, version FROM questionnaire WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return r ? { id: r.id, name: r.name, ownerType: r.owner_type, surveyType: r.survey_type, version: r.version } : null;
}

// A part is live when it, its parents and its questionnaire are all out of the trash.
const LIVE_GROUP = `FROM questionnaire_group g JOIN questionnaire n ON n.id = g.questionnaire_id AND n.deleted_at IS NULL WHERE g.deleted_at IS NULL`;
const LIVE_QUESTION = `FROM questionnaire_question q JOIN questionnaire_group g ON g.id = q.group_id AND g.deleted_at IS NULL
  JOIN questionnaire n ON n.id = g.questionnaire_id AND n.deleted_at IS NULL WHERE q.deleted_at IS NULL`;
const LIVE_ANSWER = `FROM questionnaire_answer a JOIN questionnaire_question q ON q.id = a.question_id AND q.deleted_at IS NULL
  JOIN questionnaire_group g ON g.id = q.group_id AND g.deleted_at IS NULL JOIN questionnaire n ON n.id = g.questionnaire_id AND n.deleted_at IS NULL
  WHERE a.deleted_at IS NULL`;

/** A group as its form edits it. */
export interface GroupRow { id: number; questionnaireId: number; ownerType: string; name: string; width: number; position: number; helpFileId: number | null; helpFileName: string | null; version: number }

/** A live group of the company, or null. */
export async function findGroup(db: Db, tenantId: number, id: number): Promise<GroupRow | null> {
  const [r] = await db.query(
    `SELECT g.*, n.owner_type, (SELECT f.original_name FROM stored_file f WHERE f.id = g.help_file_id) AS help_name ${LIVE_GROUP} AND g.id = $1 AND g.tenant_id = $2`, [id, tenantId]);
  return r ? { id: r.id, questionnaireId: r.questionnaire_id, ownerType: r.owner_type, name: r.name, width: r.width, position: r.position, helpFileId: r.help_file_id, helpFileName: r.help_name ?? null, version: r.version } : null;
}

/** A question as its form edits it. */
export interface QuestionRow { id: number; groupId: number; questionnaireId: number; ownerType: string; label: string; position: number; answerType: AnswerType; required: boolean; displayLabel: boolean; width: number; toExport: boolean; version: number }

/** A live question of the company, or null. */
export async function findQuestion(db: Db, tenantId: number, id: number): Promise<QuestionRow | null> {
  const [r] = await db.query(`SELECT q.*, g.questionnaire_id, n.owner_type ${LIVE_QUESTION} AND q.id = $1 AND q.tenant_id = $2`, [id, tenantId]);
  return r ? { id: r.id, groupId: r.group_id, questionnaireId: r.questionnaire_id, ownerType: r.owner_type, label: r.label, position: r.position, answerType: r.answer_type, required: r.required, displayLabel: r.display_label, width: r.width, toExport: r.to_export, version: r.version } : null;
}

/** An answer as its form edits it. */
export interface AnswerRow { id: number; questionId: number; questionnaireId: number; ownerType: string; label: string; points: number | null; conforming: boolean | null; color: string | null; createsAction: boolean; level: number | null; actionDelayDays: number | null; position: number; version: number }

/** A live proposed answer of the company, or null. */
export async function findAnswer(db: Db, tenantId: number, id: number): Promise<AnswerRow | null> {
  const [r] = await db.query(`SELECT a.*, g.questionnaire_id, n.owner_type ${LIVE_ANSWER} AND a.id = $1 AND a.tenant_id = $2`, [id, tenantId]);
  return r ? {
    id: r.id, questionId: r.question_id, questionnaireId: r.questionnaire_id, ownerType: r.owner_type, label: r.label, points: r.points === null ? null : Number(r.points),
    conforming: r.conforming, color: r.color, createsAction: r.creates_action, level: r.level, actionDelayDays: r.action_delay_days, position: r.position, version: r.version,
  } : null;
}

/** The position after the last live row of a parent (new rows go last). */
export async function nextPosition(db: Db, table: 'questionnaire_group' | 'questionnaire_question' | 'questionnaire_answer', tenantId: number, parentId: number): Promise<number> {
  const parent = { questionnaire_group: 'questionnaire_id', questionnaire_question: 'group_id', questionnaire_answer: 'question_id' }[table];
  const [r] = await db.query(`SELECT coalesce(max(position), 0) + 1 AS next FROM "${table}" WHERE tenant_id = $1 AND ${parent} = $2 AND deleted_at IS NULL`, [tenantId, parentId]);
  return r.next;
}

async function updateLocked(db: Db, sql: string, params: unknown[]): Promise<boolean> {
  return rowsOf(await db.query(sql, params)).length > 0;
}

/**
 * Creates a group in a questionnaire (`target.questionnaireId`) or updates one (`target.id`, version
 * checked). `helpFileId`: a new help file, `null` to remove it, `undefined` to keep it.
 */
export async function saveGroup(db: DataSource, tenantId: number, target: { questionnaireId: number } | { id: number }, input: GroupInput, helpFileId?: number | null): Promise<SaveResult> {
  if ('questionnaireId' in target) {
    const [row] = await db.query(
      'INSERT INTO questionnaire_group (tenant_id, questionnaire_id, name, width, position, help_file_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [tenantId, target.questionnaireId, input.name, input.width, input.position, helpFileId ?? null]);
    return { ok: true, id: row.id };
  }
  const keepFile = helpFileId === undefined && !input.removeHelpFile;
  const ok = await updateLocked(db,
    `UPDATE questionnaire_group SET name = $1, width = $2, position = $3, help_file_id = ${keepFile ? 'help_file_id' : '$7'}, version = version + 1
      WHERE id = $4 AND tenant_id = $5 AND version = $6 AND deleted_at IS NULL RETURNING id`,
    [input.name, input.width, input.position, target.id, tenantId, input.version, ...(keepFile ? [] : [helpFileId ?? null])]);
  return ok ? { ok: true, id: target.id } : { ok: false, stale: true };
}

/**
 * Creates a question in a group or updates one. The answer type cannot change once answers were
 * recorded, nor move between choice and non-choice types while proposed answers exist.
 */
export async function saveQuestion(db: DataSource, tenantId: number, target: { groupId: number } | { id: number }, input: QuestionInput): Promise<SaveResult> {
  const values = [input.label, input.position, input.answerType, input.required, input.displayLabel, input.width, input.toExport ?? true];
  if ('groupId' in target) {
    const [row] = await db.query(
      `INSERT INTO questionnaire_question (tenant_id, group_id, label, position, answer_type, required, display_label, width, to_export)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [tenantId, target.groupId, ...values]);
    return { ok: true, id: row.id };
  }
  return db.transaction(async (m) => {
    const [current] = await m.query('SELECT answer_type FROM questionnaire_question WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [target.id, tenantId]);
    if (current && current.answer_type !== input.answerType) {
      const [answered] = await m.query('SELECT 1 FROM questionnaire_response WHERE question_id = $1 AND tenant_id = $2 LIMIT 1', [target.id, tenantId]);
      if (answered) return { ok: false, errors: { answerType: 'questionnaire.errors.type_locked' } };
      const [proposed] = await m.query('SELECT 1 FROM questionnaire_answer WHERE question_id = $1 AND tenant_id = $2 AND deleted_at IS NULL LIMIT 1', [target.id, tenantId]);
      if (proposed && !CHOICE_TYPES.has(input.answerType)) return { ok: false, errors: { answerType: 'questionnaire.errors.type_has_answers' } };
    }
    const ok = await updateLocked(m,
      `UPDATE questionnaire_question SET label = $1, position = $2, answer_type = $3, required = $4, display_label = $5, width = $6, to_export = $7, version = version + 1
        WHERE id = $8 AND tenant_id = $9 AND version = $10 AND deleted_at IS NULL RETURNING id`, [...values, target.id, tenantId, input.version]);
    return ok ? { ok: true, id: target.id } : { ok: false, stale: true };
  });
}

/**
 * Creates a proposed answer of a choice question or updates one. The action delay is kept only
 * for an answer that creates an action (the editor greys it out otherwise).
 */
export async function saveAnswer(db: DataSource, tenantId: number, target: { questionId: number } | { id: number }, input: AnswerInput): Promise<SaveResult> {
  const delay = input.createsAction ? input.actionDelayDays ?? null : null;
  const values = [input.label, input.points, input.conforming, input.color, input.createsAction, input.position, input.level ?? null, delay];
  if ('questionId' in target) {
    const [row] = await db.query(
      `INSERT INTO questionnaire_answer (tenant_id, question_id, label, points, conforming, color, creates_action, position, level, action_delay_days)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`, [tenantId, target.questionId, ...values]);
    return { ok: true, id: row.id };
  }
  const ok = await updateLocked(db,
    `UPDATE questionnaire_answer SET label = $1, points = $2, conforming = $3, color = $4, creates_action = $5, position = $6, level = $7, action_delay_days = $8, version = version + 1
      WHERE id = $9 AND tenant_id = $10 AND version = $11 AND deleted_at IS NULL RETURNING id`, [...values, target.id, tenantId, input.version]);
  return ok ? { ok: true, id: target.id } : { ok: false, stale: true };
}

/** Moves a questionnaire, group, question or answer to the shared trash (restorable there). False when unknown here. */
export async function trashPart(db: DataSource, table: TrashableTable, tenantId: number, id: number, title: string, userId: number | null): Promise<boolean> {
  return db.transaction((m) => softDelete(m, { table, id, tenantId, title, userId }));
}
