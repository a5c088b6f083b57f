import type { Db } from '../../../kernel/db/sql';
import { appPath } from '../../../kernel/http/urls';
import { formatDate } from '../../../kernel/i18n/format';
import { allCheckpoints, type CheckpointAnswer, type CheckpointGroup } from './control-form.service';
import type { ControlRecord, ResultRow } from './control.service';

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The deadline of the action an answer creates: control date + the answer's delay in days; none without a delay. */
export function actionDeadline(controlDate: string, answer: Pick<CheckpointAnswer, 'actionDelayDays'>): string | null {
  return answer.actionDelayDays == null ? null : addDays(controlDate, answer.actionDelayDays);
}

/** The action level of an answer's severity (1 minor … 3 major). */
export function actionLevel(level: number | null): 'normal' | 'high' | 'urgent' {
  return level != null && level >= 3 ? 'urgent' : level === 2 ? 'high' : 'normal';
}

/**
 * One item of `vgp_load_actions` (seed 001: comment, complement, resultId, deadline,
 * attachementUrl1, attachementUrl2 — the spec's spelling), plus what the step shows beside it.
 */
export interface ActionItem {
  resultId: number;
  comment: string;
  complement: string;
  /** DD/MM/YYYY, or '' without a deadline. */
  deadline: string;
  attachementUrl1: string | null;
  attachementUrl2: string | null;
  /** The action of the action plan once the control is validated (null before). */
  actionId: number | null;
  actionUrl: string | null;
  group: string;
  checkpoint: string;
  answer: string;
  color: string | null;
}

/** The text of the action a checkpoint's answer creates. */
export const actionText = (checkpoint: string, answer: string): string => `${checkpoint} : ${answer}`;

/**
 * The action items of a control: one per result whose answer creates an action, in the form's
 * order. Before validation they tell what will be created; after, they read the created action.
 */
export async function actionItems(db: Db, control: ControlRecord, form: CheckpointGroup[], results: ResultRow[]): Promise<ActionItem[]> {
  const byQuestion = new Map(results.map((r) => [r.questionId, r]));
  const actionIds = results.map((r) => r.actionId).filter((id): id is number => id != null);
  const actions = new Map<number, Record<string, any>>();
  if (actionIds.length) {
    const rows: Array<Record<string, any>> = await db.query(
      `SELECT id, comments, complement, deadline::text AS deadline, attachment_file1_id, attachment_file2_id
         FROM action WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL`, [control.tenantId, actionIds]);
    for (const r of rows) actions.set(Number(r.id), r);
  }
  const items: ActionItem[] = [];
  for (const group of form) {
    for (const c of group.checkpoints) {
      const result = byQuestion.get(c.id);
      const answer = result?.answerId != null ? c.answers.find((a) => a.id === result.answerId) : undefined;
      if (!result || !answer?.createsAction) continue;
      const action = result.actionId != null ? actions.get(result.actionId) : undefined;
      const deadline = action ? action.deadline : actionDeadline(control.controlDate, answer);
      items.push({
        resultId: result.id,
        comment: action ? String(action.comments ?? '') : actionText(c.label, answer.label),
        complement: action ? String(action.complement ?? '') : result.comment ?? '',
        deadline: deadline ? formatDate(deadline) : '',
        attachementUrl1: action?.attachment_file1_id ? appPath('action_plan_file', { id: action.id, kind: 'attachmentFile1' }) : null,
        attachementUrl2: action?.attachment_file2_id ? appPath('action_plan_file', { id: action.id, kind: 'attachmentFile2' }) : null,
        actionId: action ? Number(action.id) : null,
        actionUrl: action ? appPath('action_plan_show', { id: action.id }) : null,
        group: group.name, checkpoint: c.label, answer: answer.label, color: answer.color,
      });
    }
  }
  return items;
}

/** The checkpoints still without an answer, in the form's order. */
export function unansweredCheckpoints(form: CheckpointGroup[], results: ResultRow[]): number[] {
  const answered = new Set(results.filter((r) => r.answerId != null).map((r) => r.questionId));
  return allCheckpoints(form).filter((c) => !answered.has(c.id)).map((c) => c.id);
}
