import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { recordHistory } from '../../kernel/history/history.service';
import { enqueue, defineJobHandler } from '../../kernel/jobs';
import { createMailer, type Mailer } from '../../kernel/mail';
import { formatDateTime } from '../../kernel/i18n/format';
import { escapeHtml } from '../../kernel/pdf';
import { translator } from '../../kernel/i18n/i18n';
import { deleteResponsesOf, listSurveys, loadQuestionnaire, saveResponses } from '../questionnaire/questionnaire.service';
import type { PurgeHookDef } from '../../kernel/trash/trash';
import type { SignatureInputData } from '../user-signature/signature-form';
import type { PermitRef } from './permit.access';
import { PERMIT_HISTORY_SUBJECT, stateAfter, isLate } from './permit.service';
import { PERMIT_STEPS, TWO_HOUR_CHECK_MS, stepSubject, type PermitStep, type PermitTypeDef } from './permit-types';

/** The job that checks, when it falls due, that a fire permit's two-hour check was done. */
export const TWO_HOUR_CHECK_JOB = 'permit_two_hour_check';

export { stepSubject } from './permit-types';

/** A plan purged for good takes its permits (foreign key cascade) and so their step checklists' answers. */
export const PERMIT_ANSWERS_PURGE: PurgeHookDef = {
  table: 'prevention_plan',
  run: async (m, tenantId, planId) => {
    const ids = (await m.query('SELECT id FROM permit WHERE tenant_id = $1 AND plan_id = $2', [tenantId, planId])).map((r: { id: number }) => Number(r.id));
    await deleteResponsesOf(m, tenantId, PERMIT_STEPS.map(stepSubject), ids);
  },
};

let mailer: Mailer | undefined;
/** The mailer of permit mails (recording in development and tests: `permitMailer().sent()`). */
export function permitMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/**
 * The checklist of a type: the company's first survey (by name) of the type's survey type, or
 * null when the company has none (the step is then signed without a checklist).
 */
export async function stepChecklist(db: Db, tenantId: number, type: PermitTypeDef) {
  const [survey] = await listSurveys(db as DataSource, tenantId, type.surveyType);
  return survey ? loadQuestionnaire(db, tenantId, survey.id) : null;
}

/** What doing a step records. */
export interface StepInput {
  step: PermitStep;
  tree: Awaited<ReturnType<typeof stepChecklist>>;
  values: Record<string, unknown>;
  comment: string;
  quality: string;
  signature: SignatureInputData;
  userId: number;
}

/**
 * Does `step` of the permit in one transaction: the checklist answers, the signer's signature,
 * the step row and the new state. The after-work step of a type with a two-hour check sets
 * `last_check_due_at` and queues {@link TWO_HOUR_CHECK_JOB} at that time. False when the step is
 * already done (someone did it meanwhile).
 */
export async function doStep(db: DataSource, permit: PermitRef, type: PermitTypeDef, input: StepInput): Promise<boolean> {
  const now = clock.now();
  const to = stateAfter(type, input.step);
  const due = input.step === 'after' && type.steps.includes('two_hours') ? new Date(now.getTime() + TWO_HOUR_CHECK_MS) : null;
  return db.transaction(async (m) => {
    const inserted = rowsOf(await m.query(
      `INSERT INTO permit_step (tenant_id, permit_id, step, questionnaire_id, comment, done_at, done_by_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("permit_id", "step") DO NOTHING RETURNING id`,
      [permit.tenantId, permit.id, input.step, input.tree?.id ?? null, input.comment || null, now, input.userId]));
    if (!inserted.length) return false;
    if (input.tree) await saveResponses(m, permit.tenantId, input.tree, stepSubject(input.step), permit.id, input.values as never);
    await insertSignature(m, permit, input.step, input.signature, input.quality, input.userId, now);
    await m.query(
      `UPDATE permit SET state = $3, last_check_due_at = coalesce($4, last_check_due_at), version = version + 1, updated_at = now() WHERE id = $1 AND tenant_id = $2`,
      [permit.id, permit.tenantId, to, due]);
    if (due) await enqueue(m, TWO_HOUR_CHECK_JOB, { permitId: permit.id }, { runAt: due, tenantId: permit.tenantId });
    await recordHistory(m, { tenantId: permit.tenantId, subjectType: PERMIT_HISTORY_SUBJECT, subjectId: permit.id, userId: input.userId, transition: `step_${input.step}`, from: permit.state, to, comment: input.comment || null });
    return true;
  });
}

async function insertSignature(m: EntityManager, permit: PermitRef, step: PermitStep, s: SignatureInputData, quality: string, userId: number | null, at: Date): Promise<number> {
  const [row] = await m.query(
    `INSERT INTO permit_signature (tenant_id, permit_id, step, user_id, signer_name, signer_quality, image, has_watermark, signed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [permit.tenantId, permit.id, step, s.usedSaved ? userId : null, s.name, quality || null, s.image, s.hasWatermark, at]);
  return Number(row.id);
}

/** Adds a signature (another signer) to a step of the permit. */
export async function addSignature(db: DataSource, permit: PermitRef, step: PermitStep, s: SignatureInputData, quality: string, userId: number): Promise<number> {
  return db.transaction(async (m) => {
    const id = await insertSignature(m, permit, step, s, quality, userId, clock.now());
    await recordHistory(m, { tenantId: permit.tenantId, subjectType: PERMIT_HISTORY_SUBJECT, subjectId: permit.id, userId, transition: 'signature_add', comment: s.name });
    return id;
  });
}

/** The signature `id` of the company with its permit id, or null. */
export async function findSignature(db: Db, tenantId: number, id: number): Promise<{ id: number; permitId: number; signerName: string } | null> {
  const [row] = rowsOf<{ id: number; permitId: number; signerName: string }>(await db.query(
    'SELECT id, permit_id AS "permitId", signer_name AS "signerName" FROM permit_signature WHERE id = $1 AND tenant_id = $2', [id, tenantId]));
  return row ?? null;
}

/** Removes a signature of the permit. */
export async function deleteSignature(db: DataSource, permit: PermitRef, signature: { id: number; signerName: string }, userId: number): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('DELETE FROM permit_signature WHERE id = $1 AND permit_id = $2 AND tenant_id = $3', [signature.id, permit.id, permit.tenantId]);
    await recordHistory(m, { tenantId: permit.tenantId, subjectType: PERMIT_HISTORY_SUBJECT, subjectId: permit.id, userId, transition: 'signature_delete', comment: signature.signerName });
  });
}

/**
 * The two-hour check job: when the fire permit is still waiting for its last check at the due
 * time, mails its manager and its post-work supervisors (those with an account and an e-mail)
 * and notes the lateness in the history (system actor). Nothing when the check was done.
 */
export async function runTwoHourCheck(db: DataSource, permitId: number, now: Date): Promise<number> {
  const [p] = rowsOf<PermitRef & { managerEmail: string | null }>(await db.query(
    `SELECT p.id, p.tenant_id AS "tenantId", p.number, p.state, p.description, p.last_check_due_at AS "lastCheckDueAt", p.manager_id AS "managerId"
       FROM permit p WHERE p.id = $1`, [permitId]));
  if (!p || !isLate(p, new Date(now.getTime() + 1))) return 0;
  const recipients = rowsOf<{ email: string }>(await db.query(
    `SELECT DISTINCT u.email FROM app_user u WHERE u.enabled AND u.email IS NOT NULL AND u.email <> ''
        AND (u.id = $2 OR u.id IN (SELECT user_id FROM permit_person WHERE permit_id = $1 AND role = 'post_supervisor' AND user_id IS NOT NULL))`,
    [p.id, p.managerId]));
  const t = translator('fr') as unknown as (k: string, o?: Record<string, unknown>) => string;
  const params = { number: p.number, due: formatDateTime(p.lastCheckDueAt), description: p.description };
  for (const r of recipients) {
    await permitMailer().send({ to: r.email, subject: t('permit.mail.late_subject', params), html: `<p>${escapeHtml(t('permit.mail.late_body', params))}</p>` });
  }
  await db.transaction((m) => recordHistory(m, { tenantId: p.tenantId, subjectType: PERMIT_HISTORY_SUBJECT, subjectId: p.id, userId: null, transition: 'two_hour_check_late', comment: recipients.map((r) => r.email).join(', ') || null }));
  return recipients.length;
}

/** Handler of the {@link TWO_HOUR_CHECK_JOB} jobs, contributed by the module. */
export const twoHourCheckHandler = defineJobHandler<{ permitId: number }>(TWO_HOUR_CHECK_JOB, async (payload, ctx) => {
  await runTwoHourCheck(ctx.dataSource, Number(payload.permitId), ctx.now);
});
