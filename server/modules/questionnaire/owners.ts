import type { RouteTable } from '../../kernel/http/route-table';
import { extensionPoint } from '../../kernel/extension';
import { SURVEY_OWNER } from './questionnaire.types';

/** How the editor presents the questionnaires of one owner type: the list to go back to, and its name. */
export interface QuestionnaireOwner {
  ownerType: string;
  /** Route of the list the editor's "back" link leads to (no parameters). */
  backRoute: string;
  /** Translation key of the back link's text. */
  backLabel: string;
  /**
   * A right that also opens the editor of this owner's questionnaires (every questionnaire's editor
   * needs `admin.nomenclatures` otherwise), e.g. `vgp.forms` for the control forms.
   */
  editRight?: string;
}

const owners = new Map<string, QuestionnaireOwner>([[SURVEY_OWNER, { ownerType: SURVEY_OWNER, backRoute: 'admin_survey_index', backLabel: 'questionnaire.surveys.back' }]]);

/** Lets a module owning questionnaires (e.g. custom event types) give the editor its back link. */
export function registerQuestionnaireOwner(owner: QuestionnaireOwner): void {
  owners.set(owner.ownerType, owner);
}

/** Owners of questionnaires: a module contributes its own (`contribute(questionnaireOwners, owner)`). */
export const questionnaireOwners = extensionPoint<QuestionnaireOwner>('questionnaire:owners', registerQuestionnaireOwner);

/** The edit rights the owners gave (besides `admin.nomenclatures`). */
export function ownerEditRights(): string[] {
  return [...owners.values()].flatMap((o) => (o.editRight ? [o.editRight] : []));
}

/** The owner of a type, when registered. */
export function questionnaireOwner(ownerType: string): QuestionnaireOwner | null {
  return owners.get(ownerType) ?? null;
}

/** URL of the editor of a questionnaire (route `questionnaire_edit`: `admin.nomenclatures`, or the owner's `editRight`). */
export function questionnaireEditorUrl(routes: RouteTable, id: number): string {
  return routes.path('questionnaire_edit', { id });
}
