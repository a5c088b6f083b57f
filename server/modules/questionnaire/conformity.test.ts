import { answersCreatingAction, conformityRate, formatConformity, hasConformityFlags, totalPoints } from './conformity';
import type { QuestionnaireAnswerOption, QuestionnaireTree } from './questionnaire.types';

const answer = (id: number, conforming: boolean | null, extra: Partial<QuestionnaireAnswerOption> = {}): QuestionnaireAnswerOption =>
  ({ id, label: `R${id}`, points: null, conforming, color: null, createsAction: false, ...extra });

// Eight radio questions answered "conforming" or "non-conforming", one checkbox question, one text.
const tree: QuestionnaireTree = {
  id: 1, name: 'Contrôle', ownerType: 'survey', surveyType: 'fire_permit',
  groups: [{
    id: 1, name: 'Avant', width: 12, position: 1, helpFile: null,
    questions: [
      ...Array.from({ length: 8 }, (_, i) => ({
        id: i + 1, label: `Q${i + 1}`, position: i + 1, answerType: 'radio' as const, required: true, displayLabel: true, width: 6,
        answers: [answer(100 + i * 10 + 1, true, { points: 2 }), answer(100 + i * 10 + 2, false, { points: 0, createsAction: true }), answer(100 + i * 10 + 3, null)],
      })),
      { id: 9, label: 'EPI manquants', position: 9, answerType: 'checkbox', required: false, displayLabel: true, width: 12, answers: [answer(901, null, { points: 1 }), answer(902, false)] },
      { id: 10, label: 'Observations', position: 10, answerType: 'long', required: false, displayLabel: true, width: 12, answers: [] },
    ],
  }],
};
const conforming = (q: number) => [100 + (q - 1) * 10 + 1];
const nonConforming = (q: number) => [100 + (q - 1) * 10 + 2];
const notApplicable = (q: number) => [100 + (q - 1) * 10 + 3];

describe('conformity rate (seed 000, section 9)', () => {
  it('is conforming / (conforming + non-conforming) x 100 with one decimal', () => {
    // 7 conforming, 1 non-conforming -> 87.5
    const values: Record<number, unknown> = { 8: nonConforming(8) };
    for (let q = 1; q <= 7; q++) values[q] = conforming(q);
    expect(conformityRate(tree, values)).toBe(87.5);
    expect(formatConformity(87.5)).toBe('87,5/100');
    expect(formatConformity(87.5, 'en')).toBe('87.5/100');
    // 2 conforming out of 3 flagged -> 66.666... -> 66.7
    expect(conformityRate(tree, { 1: conforming(1), 2: conforming(2), 3: nonConforming(3) })).toBe(66.7);
    expect(formatConformity(66.7)).toBe('66,7/100');
    expect(formatConformity(100)).toBe('100,0/100');
  });

  it('does not count answers without a flag, text answers or unknown ids', () => {
    const values = { 1: conforming(1), 2: notApplicable(2), 9: [901], 10: 'RAS', 3: [999_999] };
    expect(conformityRate(tree, values)).toBe(100);
    // A checkbox question counts each checked flagged answer.
    expect(conformityRate(tree, { 1: conforming(1), 9: [901, 902] })).toBe(50);
  });

  it('is null (shown —) when no checked answer carries a flag', () => {
    expect(conformityRate(tree, {})).toBeNull();
    expect(conformityRate(tree, { 2: notApplicable(2), 9: [901] })).toBeNull();
    expect(formatConformity(null)).toBe('—');
    expect(hasConformityFlags(tree)).toBe(true);
    expect(hasConformityFlags({ ...tree, groups: [{ ...tree.groups[0], questions: [tree.groups[0].questions[9]] }] })).toBe(false);
  });

  it('lists the picked answers that create an action, and sums the points', () => {
    const values = { 1: conforming(1), 2: nonConforming(2), 3: nonConforming(3), 9: [901] };
    expect(answersCreatingAction(tree, values).map(({ question, answer: a }) => [question.label, a.id])).toEqual([['Q2', 112], ['Q3', 122]]);
    expect(totalPoints(tree, values)).toBe(3);
    expect(totalPoints(tree, { 10: 'RAS' })).toBeNull();
  });
});
