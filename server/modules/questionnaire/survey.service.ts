import type { DataSource, EntityManager } from 'typeorm';
import { SURVEY_OWNER } from './questionnaire.types';
import type { SurveyInput } from './questionnaire.schema';
import type { SaveResult } from './editor.service';
import { createQuestionnaire, type Db } from './tree.service';

/** A survey as listed. */
export interface SurveyRow { id: number; name: string; surveyType: string; groupCount: number; questionCount: number; version: number }

const SELECT = `SELECT n.id, n.name, n.survey_type, n.version,
    (SELECT count(*)::int FROM questionnaire_group g WHERE g.questionnaire_id = n.id AND g.deleted_at IS NULL) AS group_count,
    (SELECT count(*)::int FROM questionnaire_question q JOIN questionnaire_group g ON g.id = q.group_id AND g.deleted_at IS NULL
      WHERE g.questionnaire_id = n.id AND q.deleted_at IS NULL) AS question_count
  FROM questionnaire n WHERE n.tenant_id = $1 AND n.owner_type = '${SURVEY_OWNER}' AND n.deleted_at IS NULL`;

const toRow = (r: Record<string, any>): SurveyRow => ({ id: r.id, name: r.name, surveyType: r.survey_type, groupCount: r.group_count, questionCount: r.question_count, version: r.version });

/**
 * The company's surveys, by name, of one type (e.g. 'fire_permit' for the permit forms) or of every
 * type when `type` is null. Load one with `loadQuestionnaire(em, tenantId, survey.id)`.
 */
export async function listSurveys(em: EntityManager | DataSource, tenantId: number, type: string | null): Promise<SurveyRow[]> {
  const rows = await em.query(`${SELECT} AND ($2::varchar IS NULL OR n.survey_type = $2) ORDER BY lower(n.name), n.id`, [tenantId, type]);
  return rows.map(toRow);
}

/** One page of the survey list. */
export async function pageSurveys(db: Db, tenantId: number, type: string | null, page: { perPage: number; offset: number }): Promise<{ rows: SurveyRow[]; total: number }> {
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM questionnaire n WHERE n.tenant_id = $1 AND n.owner_type = '${SURVEY_OWNER}' AND n.deleted_at IS NULL AND ($2::varchar IS NULL OR n.survey_type = $2)`, [tenantId, type]);
  const rows = await db.query(`${SELECT} AND ($2::varchar IS NULL OR n.survey_type = $2) ORDER BY lower(n.name), n.id LIMIT ${page.perPage} OFFSET ${page.offset}`, [tenantId, type]);
  return { rows: rows.map(toRow), total };
}

/** A live survey of the company, or null. */
export async function findSurvey(db: Db, tenantId: number, id: number): Promise<SurveyRow | null> {
  const [r] = await db.query(`${SELECT} AND n.id = $2`, [tenantId, id]);
  return r ? toRow(r) : null;
}

/** Creates a survey (id null) or renames / retypes one (version checked). */
export async function saveSurvey(db: DataSource, tenantId: number, id: number | null, input: SurveyInput): Promise<SaveResult> {
  if (id === null) {
    const newId = await db.transaction((m) => createQuestionnaire(m, tenantId, { name: input.name, ownerType: SURVEY_OWNER, surveyType: input.surveyType }));
    return { ok: true, id: newId };
  }
  const updated = await db.query(
    `UPDATE questionnaire SET name = $1, survey_type = $2, version = version + 1
      WHERE id = $3 AND tenant_id = $4 AND owner_type = '${SURVEY_OWNER}' AND version = $5 AND deleted_at IS NULL RETURNING id`,
    [input.name, input.surveyType, id, tenantId, input.version]);
  const rows = Array.isArray(updated[0]) ? updated[0] : updated;
  return rows.length ? { ok: true, id } : { ok: false, stale: true };
}
