import type { Answer, AnswerValue, Checkpoint, FormValues, Group } from './types';

/** The form key of a checkpoint's answer. */
export const answerKey = (questionId: number): string => `q${questionId}`;

/** The answer chosen for a checkpoint, if any. */
export function chosenAnswer(c: Checkpoint, value: AnswerValue | undefined): Answer | undefined {
  return value?.answerId ? c.answers.find((a) => String(a.id) === value.answerId) : undefined;
}

/** Whether the chosen answer reveals the comment field: a non-conforming one. */
export function needsComment(c: Checkpoint, value: AnswerValue | undefined): boolean {
  return chosenAnswer(c, value)?.conforming === false;
}

/** The ids of the checkpoints without an answer, in the form's order. */
export function unanswered(groups: Group[], answers: FormValues['answers']): number[] {
  return groups.flatMap((g) => g.checkpoints).filter((c) => !answers[answerKey(c.id)]?.answerId).map((c) => c.id);
}

/** The first group holding one of `ids`, or null. */
export function firstGroupOf(groups: Group[], ids: number[]): Group | null {
  const set = new Set(ids);
  return groups.find((g) => g.checkpoints.some((c) => set.has(c.id))) ?? null;
}

/** The answers a group's validation sets: each unanswered checkpoint's first conforming answer. */
export function groupDefaults(group: Group, answers: FormValues['answers']): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const c of group.checkpoints) {
    if (answers[answerKey(c.id)]?.answerId) continue;
    const ok = c.answers.find((a) => a.conforming === true);
    if (ok) out[answerKey(c.id)] = { answerId: String(ok.id), comment: '' };
  }
  return out;
}

/** A `DD/MM/YYYY` date that exists. */
export function isFrenchDate(text: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCFullYear() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[1]);
}

/** Text colour readable on a `#rrggbb` background (black or white). */
export function textOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  return (0.299 * r + 0.587 * g + 0.114 * b) > 150 ? '#000000' : '#ffffff';
}
