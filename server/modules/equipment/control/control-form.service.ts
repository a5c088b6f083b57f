import type { Db } from '../../../kernel/db/sql';
import { NAMED_COLORS } from '../../../kernel/palette';

/** A proposed answer of a checkpoint, with the control-form columns (conformity, colour, action and its delay). */
export interface CheckpointAnswer {
  id: number;
  label: string;
  conforming: boolean | null;
  /** `#rrggbb` of the answer's palette colour, or null. */
  color: string | null;
  createsAction: boolean;
  level: number | null;
  actionDelayDays: number | null;
}

/** A checkpoint (a question of the control form) with its answers in order. */
export interface Checkpoint { id: number; label: string; answers: CheckpointAnswer[] }

/** A model group of the control form. */
export interface CheckpointGroup { id: number; name: string; checkpoints: Checkpoint[] }

/**
 * The control form (questionnaire of owner type `vgp_form`) as the four-step control answers it:
 * groups, then checkpoints, then answers, each by position then id, trashed parts left out.
 * A question without proposed answers cannot be answered by a radio: it is not a checkpoint.
 */
export async function loadControlForm(db: Db, tenantId: number, formId: number): Promise<CheckpointGroup[]> {
  const groups: Array<{ id: number; name: string }> = await db.query(
    `SELECT g.id, g.name FROM questionnaire_group g JOIN questionnaire f ON f.id = g.questionnaire_id AND f.deleted_at IS NULL
      WHERE g.questionnaire_id = $1 AND g.tenant_id = $2 AND g.deleted_at IS NULL ORDER BY g.position, g.id`, [formId, tenantId]);
  const questions: Array<{ id: number; label: string; group_id: number }> = await db.query(
    `SELECT q.id, q.label, q.group_id FROM questionnaire_question q JOIN questionnaire_group g ON g.id = q.group_id AND g.deleted_at IS NULL
      WHERE g.questionnaire_id = $1 AND q.tenant_id = $2 AND q.deleted_at IS NULL ORDER BY q.position, q.id`, [formId, tenantId]);
  const answers: Array<Record<string, any>> = await db.query(
    `SELECT a.id, a.label, a.conforming, a.color, a.creates_action, a.level, a.action_delay_days, a.question_id
       FROM questionnaire_answer a JOIN questionnaire_question q ON q.id = a.question_id JOIN questionnaire_group g ON g.id = q.group_id
      WHERE g.questionnaire_id = $1 AND a.tenant_id = $2 AND a.deleted_at IS NULL ORDER BY a.position, a.id`, [formId, tenantId]);
  const byQuestion = new Map<number, CheckpointAnswer[]>();
  for (const a of answers) {
    const list = byQuestion.get(a.question_id) ?? [];
    list.push({
      id: a.id, label: a.label, conforming: a.conforming, color: a.color ? NAMED_COLORS[a.color] ?? null : null,
      createsAction: !!a.creates_action, level: a.level == null ? null : Number(a.level), actionDelayDays: a.action_delay_days == null ? null : Number(a.action_delay_days),
    });
    byQuestion.set(a.question_id, list);
  }
  return groups.map((g) => ({
    id: g.id, name: g.name,
    checkpoints: questions.filter((q) => q.group_id === g.id && byQuestion.has(q.id)).map((q) => ({ id: q.id, label: q.label, answers: byQuestion.get(q.id)! })),
  })).filter((g) => g.checkpoints.length > 0);
}

/** The answer a group's validation gives a checkpoint: its first conforming answer, if any. */
export function conformingAnswer(c: Checkpoint): CheckpointAnswer | null {
  return c.answers.find((a) => a.conforming === true) ?? null;
}

/** Every checkpoint of the form, in order. */
export function allCheckpoints(groups: CheckpointGroup[]): Checkpoint[] {
  return groups.flatMap((g) => g.checkpoints);
}
