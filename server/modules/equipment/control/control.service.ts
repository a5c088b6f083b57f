import type { Request } from 'express';
import { clock, todayIso } from '../../../kernel/clock';
import { inTransaction, rowsOf, type Db } from '../../../kernel/db/sql';
import { HttpError } from '../../../kernel/http/errors';
import { personNameSql } from '../../../kernel/person-name';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { inHierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { userInTenant } from '../../../kernel/tenancy';
import { loadVgpScope, requireControllable } from '../core/equipment-access';
import { allCheckpoints, conformingAnswer, loadControlForm, type CheckpointGroup } from './control-form.service';

/** A control carried out, with what its pages need of its controllable and equipment. */
export interface ControlRecord {
  id: number;
  tenantId: number;
  controllableId: number;
  controllableName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  hierarchyItemId: number | null;
  serviceId: number | null;
  state: 'in_progress' | 'done';
  step: number;
  controlDate: string;
  controllerId: number | null;
  controllerName: string | null;
  supervisorId: number | null;
  supervisorName: string | null;
  comment: string | null;
  formId: number | null;
  externalReportFileId: number | null;
  reportFileId: number | null;
  otherFileId: number | null;
  validatedAt: Date | null;
  version: number;
}

const SELECT = `SELECT k.id, k.tenant_id AS "tenantId", k.controllable_id AS "controllableId", c.name AS "controllableName",
    c.equipment_id AS "equipmentId", e.name AS "equipmentName", e.hierarchy_item_id AS "hierarchyItemId", e.service_id AS "serviceId",
    k.state, k.step, k.control_date::text AS "controlDate", k.controller_id AS "controllerId", ${personNameSql('cu')} AS "controllerName",
    k.supervisor_id AS "supervisorId", ${personNameSql('su')} AS "supervisorName", k.comment, k.form_id AS "formId",
    k.external_report_file_id AS "externalReportFileId", k.report_file_id AS "reportFileId", k.other_file_id AS "otherFileId",
    k.validated_at AS "validatedAt", k.version
  FROM vgp_control k JOIN vgp_controllable c ON c.id = k.controllable_id LEFT JOIN equipment e ON e.id = c.equipment_id
  LEFT JOIN app_user cu ON cu.id = k.controller_id LEFT JOIN app_user su ON su.id = k.supervisor_id`;

/** A control of the company, or null. */
export async function findControl(db: Db, tenantId: number, id: number): Promise<ControlRecord | null> {
  const [row] = rowsOf<ControlRecord>(await db.query(`${SELECT} WHERE k.id = $1 AND k.tenant_id = $2`, [id, tenantId]));
  return row ?? null;
}

/** A control of the user's company within their VGP scope (through its equipment's entity), or a 404. */
export async function requireControl(db: Db, user: AuthUser, id: number): Promise<ControlRecord> {
  const row = await findControl(db, user.tenantId, id);
  if (!row || !inHierarchyScope(await loadVgpScope(db, user), row.hierarchyItemId)) throw new HttpError(404, 'errors.not_found.title');
  return row;
}

/** An in-progress control (409 `vgp-control.errors.done` once validated). */
export async function requireOpenControl(req: Request, id: number): Promise<ControlRecord> {
  const control = await requireControl(req.ctx.db, req.authUser!, id);
  if (control.state !== 'in_progress') throw new HttpError(409, 'vgp-control.errors.done');
  return control;
}

/** Outcome of {@link startControl}: the control to go to, or the French reason it cannot start. */
export type StartOutcome = { ok: true; id: number; resumed: boolean } | { ok: false; reason: string };

/**
 * Starts the control of a controllable, or resumes its control in progress. The controllable's
 * form is copied on the control (a later change of the controllable does not change what is
 * answered). Refused without a form. The controllable's row is locked so two starts make one control.
 */
export async function startControl(db: Db, user: AuthUser, controllableId: number): Promise<StartOutcome> {
  const subject = await requireControllable(db, user, controllableId);
  if (subject.archived) return { ok: false, reason: 'vgp-control.errors.archived' };
  if (!subject.formId) return { ok: false, reason: 'vgp-control.errors.no_form' };
  return inTransaction(db, async (m) => {
    await m.query('SELECT id FROM vgp_controllable WHERE id = $1 FOR UPDATE', [subject.id]);
    const [open] = await m.query(`SELECT id FROM vgp_control WHERE tenant_id = $1 AND controllable_id = $2 AND state = 'in_progress' ORDER BY id LIMIT 1`, [user.tenantId, subject.id]);
    if (open) return { ok: true as const, id: Number(open.id), resumed: true };
    // The user's manager is proposed as supervisor when he works for this company.
    const [me] = await m.query(`SELECT s.id AS supervisor_id FROM app_user u JOIN app_user s ON s.id = u.supervisor_id AND ${userInTenant('s', '$2')} WHERE u.id = $1`, [user.id, user.tenantId]);
    const [row] = await m.query(
      `INSERT INTO vgp_control (tenant_id, controllable_id, state, step, control_date, controller_id, supervisor_id, form_id)
       VALUES ($1, $2, 'in_progress', 1, $3, $4, $5, $6) RETURNING id`,
      [user.tenantId, subject.id, todayIso(clock.now()), user.id, me?.supervisor_id ?? null, subject.formId]);
    return { ok: true as const, id: Number(row.id), resumed: false };
  });
}

/** One saved result, as the island reads it back. */
export interface ResultRow { id: number; questionId: number; answerId: number | null; comment: string | null; actionId: number | null }

/** The results of a control. */
export async function listResults(db: Db, tenantId: number, controlId: number): Promise<ResultRow[]> {
  return rowsOf<ResultRow>(await db.query(
    `SELECT id, question_id AS "questionId", answer_id AS "answerId", comment, action_id AS "actionId"
       FROM vgp_control_result WHERE tenant_id = $1 AND control_id = $2 ORDER BY id`, [tenantId, controlId]));
}

/** The control's form, or an empty one when the control has none. */
export async function formOf(db: Db, control: ControlRecord): Promise<CheckpointGroup[]> {
  return control.formId ? loadControlForm(db, control.tenantId, control.formId) : [];
}

/** What a checkpoint save carries. */
export interface CheckpointInput { questionId: number; answerId: number | null; comment: string | null }

/**
 * Saves the answer to one checkpoint (one row per control and checkpoint). The checkpoint must be
 * one of the control's form, the answer one of that checkpoint's: else the French reason.
 */
export async function saveCheckpoint(db: Db, control: ControlRecord, input: CheckpointInput): Promise<{ ok: true; result: ResultRow } | { ok: false; reason: string }> {
  const form = await formOf(db, control);
  const checkpoint = allCheckpoints(form).find((c) => c.id === input.questionId);
  if (!checkpoint) return { ok: false, reason: 'vgp-control.errors.checkpoint' };
  if (input.answerId != null && !checkpoint.answers.some((a) => a.id === input.answerId)) return { ok: false, reason: 'vgp-control.errors.answer' };
  const [row] = rowsOf<ResultRow>(await db.query(
    `INSERT INTO vgp_control_result (tenant_id, control_id, question_id, answer_id, comment, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT ON CONSTRAINT "UQ_vgp_control_result_checkpoint" DO UPDATE SET answer_id = EXCLUDED.answer_id, comment = EXCLUDED.comment, updated_at = EXCLUDED.updated_at
     RETURNING id, question_id AS "questionId", answer_id AS "answerId", comment, action_id AS "actionId"`,
    [control.tenantId, control.id, checkpoint.id, input.answerId, input.comment, clock.now()]));
  return { ok: true, result: row };
}

/**
 * Validates a group: each of its checkpoints still without an answer gets its conforming answer
 * (a checkpoint without one stays unanswered). Answers already given are kept. Returns the ids set.
 */
export async function validateGroup(db: Db, control: ControlRecord, groupId: number): Promise<{ ok: true; results: ResultRow[] } | { ok: false; reason: string }> {
  const group = (await formOf(db, control)).find((g) => g.id === groupId);
  if (!group) return { ok: false, reason: 'vgp-control.errors.group' };
  const answered = new Set((await listResults(db, control.tenantId, control.id)).filter((r) => r.answerId != null).map((r) => r.questionId));
  return inTransaction(db, async (m) => {
    const results: ResultRow[] = [];
    for (const c of group.checkpoints) {
      const answer = conformingAnswer(c);
      if (answered.has(c.id) || !answer) continue;
      const [row] = rowsOf<ResultRow>(await m.query(
        `INSERT INTO vgp_control_result (tenant_id, control_id, question_id, answer_id, comment, updated_at) VALUES ($1, $2, $3, $4, NULL, $5)
         ON CONFLICT ON CONSTRAINT "UQ_vgp_control_result_checkpoint" DO UPDATE SET answer_id = EXCLUDED.answer_id, updated_at = EXCLUDED.updated_at
           WHERE vgp_control_result.answer_id IS NULL
         RETURNING id, question_id AS "questionId", answer_id AS "answerId", comment, action_id AS "actionId"`,
        [control.tenantId, control.id, c.id, answer.id, clock.now()]));
      if (row) results.push(row);
    }
    return { ok: true as const, results };
  });
}

/** Step 1 of the flow: general information. */
export interface GeneralInput { controlDate: string; controllerId: number | null; supervisorId: number | null; comment: string | null; version: number }

/**
 * Saves the general information (optimistic lock on `version`: false when someone saved meanwhile).
 * The controller and supervisor must be members of the company (else the French reason by field).
 */
export async function saveGeneral(db: Db, control: ControlRecord, input: GeneralInput): Promise<{ ok: true; version: number } | { ok: false; stale: true } | { ok: false; errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  for (const field of ['controllerId', 'supervisorId'] as const) {
    const id = input[field];
    if (id == null) continue;
    const [u] = await db.query(`SELECT 1 FROM app_user u WHERE u.id = $2 AND ${userInTenant('u', '$1')}`, [control.tenantId, id]);
    if (!u) errors[field] = 'validation.choice';
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const rows = rowsOf<{ version: number }>(await db.query(
    `UPDATE vgp_control SET control_date = $3, controller_id = $4, supervisor_id = $5, comment = $6, version = version + 1
      WHERE id = $1 AND tenant_id = $2 AND version = $7 AND state = 'in_progress' RETURNING version`,
    [control.id, control.tenantId, input.controlDate, input.controllerId, input.supervisorId, input.comment, input.version]));
  return rows.length ? { ok: true, version: Number(rows[0].version) } : { ok: false, stale: true };
}

/** Remembers the step reached (1 to 4), so a reloaded page opens there. */
export async function saveStep(db: Db, control: ControlRecord, step: number): Promise<void> {
  await db.query(`UPDATE vgp_control SET step = $3 WHERE id = $1 AND tenant_id = $2 AND state = 'in_progress'`, [control.id, control.tenantId, step]);
}

/** Members of the company who may be named controller or supervisor, « Prénom Nom », by last name. */
export async function companyPeople(db: Db, tenantId: number): Promise<Array<{ id: number; name: string }>> {
  return rowsOf<{ id: number; name: string }>(await db.query(
    `SELECT u.id, coalesce(${personNameSql('u')}, u.username) AS name FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY u.last_name, u.first_name, u.id LIMIT 500`, [tenantId]));
}
