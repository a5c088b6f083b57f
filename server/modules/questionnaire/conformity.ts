import { CHOICE_TYPES, type QuestionnaireAnswerOption, type QuestionnaireQuestion, type QuestionnaireTree, type ResponseValues } from './questionnaire.types';

/** The proposed answers picked for a choice question (unknown ids ignored), in the question's order. */
export function pickedAnswers(question: QuestionnaireQuestion, value: unknown): QuestionnaireAnswerOption[] {
  if (!CHOICE_TYPES.has(question.answerType)) return [];
  const ids = new Set((Array.isArray(value) ? value : [value]).map(Number));
  return question.answers.filter((a) => ids.has(a.id));
}

function eachPicked(tree: QuestionnaireTree, values: ResponseValues, visit: (q: QuestionnaireQuestion, a: QuestionnaireAnswerOption) => void): void {
  for (const group of tree.groups) {
    for (const q of group.questions) for (const a of pickedAnswers(q, values[q.id])) visit(q, a);
  }
}

/**
 * Conformity rate of the spec: checked conforming answers / (checked conforming + checked
 * non-conforming) x 100, rounded to one decimal; answers without a conforming flag do not count.
 * Null when no checked answer carries a flag.
 */
export function conformityRate(tree: QuestionnaireTree, values: ResponseValues): number | null {
  let conforming = 0;
  let nonConforming = 0;
  eachPicked(tree, values, (_q, a) => {
    if (a.conforming === true) conforming++;
    else if (a.conforming === false) nonConforming++;
  });
  const counted = conforming + nonConforming;
  return counted === 0 ? null : Math.round((conforming / counted) * 1000) / 10;
}

/** True when at least one proposed answer carries a conforming flag (the rate then means something). */
export function hasConformityFlags(tree: QuestionnaireTree): boolean {
  return tree.groups.some((g) => g.questions.some((q) => CHOICE_TYPES.has(q.answerType) && q.answers.some((a) => a.conforming !== null)));
}

/**
 * The rate as the spec shows it, `x/100` with one decimal and the locale's decimal sign
 * (French by default: '87,5/100'); '—' when there is no rate.
 */
export function formatConformity(rate: number | null, locale = 'fr'): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
  return `${number}/100`;
}

/** The picked answers flagged "creates an action", with their question (the owning module creates the actions). */
export function answersCreatingAction(tree: QuestionnaireTree, values: ResponseValues): Array<{ question: QuestionnaireQuestion; answer: QuestionnaireAnswerOption }> {
  const out: Array<{ question: QuestionnaireQuestion; answer: QuestionnaireAnswerOption }> = [];
  eachPicked(tree, values, (question, answer) => { if (answer.createsAction) out.push({ question, answer }); });
  return out;
}

/** Sum of the points of the picked answers (null when none of them has points). */
export function totalPoints(tree: QuestionnaireTree, values: ResponseValues): number | null {
  let total: number | null = null;
  eachPicked(tree, values, (_q, a) => { if (a.points !== null) total = (total ?? 0) + a.points; });
  return total;
}
