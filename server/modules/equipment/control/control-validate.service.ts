import { clock } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { promoteAfterCommit, tenantKey, tmpKey } from '../../../kernel/storage';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { userInTenant } from '../../../kernel/tenancy';
import { createAction } from '../../action-plan/action-plan.service';
import { planNextControl } from '../core/controllable-deadline';
import { actionDeadline, actionItems, actionLevel, actionText, unansweredCheckpoints } from './control-actions.service';
import { VGP_CONTROL_SOURCE } from './control-action-source';
import { enqueueProcessedMail } from './control-mail';
import { controlStorage, listSignatures, renderControlPdf, reportFileName } from './control-pdf';
import { findControl, formOf, listResults, type ControlRecord } from './control.service';

/** Outcome of {@link validateControl}. */
export type ValidateOutcome =
  | { ok: true; actionIds: number[]; deadline: string | null; mailQueued: boolean }
  | { ok: false; status: 409 | 422; reason: string; unanswered?: number[] };

/**
 * Validates a control (step 4 « Terminer »): refused with 'Une réponse est nécessaire' while a
 * checkpoint has no answer. Then, in one transaction: the control is done; each answer flagged
 * « creates an action » becomes an action of the action plan (source `vgp_control`, deadline =
 * control date + the answer's delay in days, assigned to the supervisor, else the controller);
 * the controllable's last control date is set and its next deadline planned (core
 * `planNextControl`); the controller's manager is mailed when the controller asked for it; the
 * report PDF, printed before the transaction, is stored as `report_file_id`.
 */
export async function validateControl(db: Db, user: AuthUser, control: ControlRecord, locale?: string): Promise<ValidateOutcome> {
  if (control.state !== 'in_progress') return { ok: false, status: 409, reason: 'vgp-control.errors.done' };
  const form = await formOf(db, control);
  const results = await listResults(db, control.tenantId, control.id);
  const unanswered = unansweredCheckpoints(form, results);
  if (unanswered.length) return { ok: false, status: 422, reason: 'vgp-control.errors.answer_required', unanswered };
  const validatedAt = clock.now();
  const printed: ControlRecord = { ...control, state: 'done', validatedAt };
  const pdf = await renderControlPdf(db, {
    control: printed, form, results, actions: await actionItems(db, printed, form, results), signatures: await listSignatures(db, control.tenantId, control.id),
  }, locale);
  const staged = tmpKey();
  await controlStorage.put(staged, pdf, { contentType: 'application/pdf' });
  const byQuestion = new Map(results.map((r) => [r.questionId, r]));
  return db.transaction(async (m) => {
    const done = rowsOf(await m.query(
      `UPDATE vgp_control SET state = 'done', step = 4, validated_at = $3, version = version + 1
        WHERE id = $1 AND tenant_id = $2 AND state = 'in_progress' RETURNING id`, [control.id, control.tenantId, validatedAt]));
    if (!done.length) return { ok: false as const, status: 409 as const, reason: 'vgp-control.errors.done' };
    const actionIds: number[] = [];
    const assigneeId = await assigneeOf(m, control);
    for (const c of form.flatMap((g) => g.checkpoints)) {
      const result = byQuestion.get(c.id)!;
      const answer = c.answers.find((a) => a.id === result.answerId);
      if (!answer?.createsAction || result.actionId) continue;
      const id = await createAction(m, control.tenantId, user.id, {
        comments: actionText(c.label, answer.label), complement: result.comment, deadline: actionDeadline(control.controlDate, answer),
        level: actionLevel(answer.level), assigneeId, sourceType: VGP_CONTROL_SOURCE, sourceId: control.id,
        hierarchyItemId: control.hierarchyItemId, serviceId: control.serviceId,
      });
      await m.query('UPDATE vgp_control_result SET action_id = $2 WHERE id = $1', [result.id, id]);
      actionIds.push(id);
    }
    const planned = await planNextControl(m, control.tenantId, control.controllableId, control.controlDate);
    const name = reportFileName(control);
    const key = tenantKey(control.tenantId, name);
    const [file] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes, created_by, state, tmp_key)
       VALUES ($1, $2, $3, 'application/pdf', $4, $5, 'pending', $6) RETURNING id`, [control.tenantId, key, name, pdf.length, user.id, staged]));
    await m.query('UPDATE vgp_control SET report_file_id = $2 WHERE id = $1', [control.id, file.id]);
    promoteAfterCommit(m, controlStorage, { id: Number(file.id), tmpKey: staged, storageKey: key });
    const mailQueued = await enqueueProcessedMail(m, control.tenantId, control.id, control.controllerId);
    return { ok: true as const, actionIds, deadline: planned?.deadline ?? null, mailQueued };
  });
}

/** Who the actions are sent to: the supervisor, else the controller, if still a member of the company; else none (drafts). */
async function assigneeOf(db: Db, control: ControlRecord): Promise<number | null> {
  for (const id of [control.supervisorId, control.controllerId]) {
    if (id == null) continue;
    const [u] = await db.query(`SELECT 1 FROM app_user u WHERE u.id = $2 AND ${userInTenant('u', '$1')}`, [control.tenantId, id]);
    if (u) return id;
  }
  return null;
}

/**
 * The report of a done control that has none stored (printed before this part stored them, or a
 * stored file gone): printed now from the saved answers, not stored.
 */
export async function printReport(db: Db, control: ControlRecord, locale?: string): Promise<Buffer> {
  const fresh = (await findControl(db, control.tenantId, control.id)) ?? control;
  const form = await formOf(db, fresh);
  const results = await listResults(db, fresh.tenantId, fresh.id);
  return renderControlPdf(db, { control: fresh, form, results, actions: await actionItems(db, fresh, form, results), signatures: await listSignatures(db, fresh.tenantId, fresh.id) }, locale);
}
