import type { DataSource, EntityManager } from 'typeorm';
import { listSurveys, loadQuestionnaire } from '../questionnaire/questionnaire.service';
import type { QuestionnaireTree } from '../questionnaire/questionnaire.types';

type Db = DataSource | EntityManager;

/** Survey type of the construction-site visits. */
export const CONSTRUCTION_SURVEY_TYPE = 'construction_site';

/** The company's construction-site surveys, offered one per entry in the "add" menu. */
export async function constructionSurveys(db: Db, tenantId: number): Promise<Array<{ id: number; name: string }>> {
  const surveys = await listSurveys(db as EntityManager, tenantId, CONSTRUCTION_SURVEY_TYPE);
  return surveys.map((s: { id: number; name: string }) => ({ id: s.id, name: s.name }));
}

/** The survey a new construction-site visit is filled with: `surveyId`, or the first one when 0; null when not the company's. */
export async function findConstructionSurvey(db: Db, tenantId: number, surveyId: number): Promise<number | null> {
  const surveys = await constructionSurveys(db, tenantId);
  if (surveyId === 0) return surveys[0]?.id ?? null;
  return surveys.some((s) => s.id === surveyId) ? surveyId : null;
}

/** The questionnaire of an event's definition, or null. */
export async function eventQuestionnaire(db: Db, tenantId: number, questionnaireId: number | null): Promise<QuestionnaireTree | null> {
  return questionnaireId ? loadQuestionnaire(db as EntityManager, tenantId, questionnaireId) : null;
}
