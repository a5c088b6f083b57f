import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { userInTenant } from '../../../kernel/tenancy';
import { createAction } from '../../action-plan/action-plan.service';
import { actionDeadline, actionLevel, actionText } from './control-actions.service';
import { VGP_CONTROL_SOURCE } from './control-action-source';
import { loadControlForm } from './control-form.service';

/** How many demo controllables get their last control as a done control record. */
const DEMO_DONE = 6;

/**
 * Demo controls carried out: the last control of the first demo controllables that have one (the
 * controls demo ran before; rows found by SQL), done on their last control date by their operator,
 * every checkpoint answered conforming except the first control's first checkpoint, non-conforming,
 * which made its action. No PDF is printed here: the report route prints one on demand. A company
 * that already has a control record is left alone (idempotent).
 */
export async function seedControlDemo(db: DataSource, tenantId: number): Promise<void> {
  if ((await db.query('SELECT 1 FROM vgp_control WHERE tenant_id = $1 LIMIT 1', [tenantId])).length) return;
  const rows: Array<{ id: number; form_id: number; operator_id: number | null; last: string; hierarchy_item_id: number | null; service_id: number | null }> = await db.query(
    `SELECT c.id, c.form_id, c.operator_id, c.last_control_date::text AS last, e.hierarchy_item_id, e.service_id
       FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id
      WHERE c.tenant_id = $1 AND c.form_id IS NOT NULL AND c.last_control_date IS NOT NULL AND NOT c.archived
        AND NOT EXISTS (SELECT 1 FROM vgp_control k WHERE k.controllable_id = c.id)
      ORDER BY c.id LIMIT ${DEMO_DONE}`, [tenantId]);
  if (!rows.length) return;
  const [creator] = await db.query(`SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY u.id LIMIT 1`, [tenantId]);
  if (!creator) return;
  for (const [i, c] of rows.entries()) {
    const form = await loadControlForm(db, tenantId, c.form_id);
    await db.transaction(async (m) => {
      const [k] = await m.query(
        `INSERT INTO vgp_control (tenant_id, controllable_id, state, step, control_date, controller_id, form_id, validated_at)
         VALUES ($1, $2, 'done', 4, $3, $4, $5, $6) RETURNING id`, [tenantId, c.id, c.last, c.operator_id, c.form_id, clock.now()]);
      for (const [j, cp] of form.flatMap((g) => g.checkpoints).entries()) {
        const bad = i === 0 && j === 0 ? cp.answers.find((a) => a.conforming === false) : undefined;
        const answer = bad ?? cp.answers.find((a) => a.conforming === true) ?? cp.answers[0];
        let actionId: number | null = null;
        if (bad?.createsAction) {
          actionId = await createAction(m, tenantId, creator.id, {
            comments: actionText(cp.label, bad.label), deadline: actionDeadline(c.last, bad), level: actionLevel(bad.level), assigneeId: c.operator_id,
            sourceType: VGP_CONTROL_SOURCE, sourceId: k.id, hierarchyItemId: c.hierarchy_item_id, serviceId: c.service_id,
          });
        }
        await m.query(
          `INSERT INTO vgp_control_result (tenant_id, control_id, question_id, answer_id, comment, action_id, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [tenantId, k.id, cp.id, answer.id, bad ? 'Constaté lors de la visite périodique.' : null, actionId, clock.now()]);
      }
    });
  }
  await seedOpenControl(db, tenantId);
}

/** A control in progress (step 2, its first group answered) on the first overdue demo control without one. */
async function seedOpenControl(db: DataSource, tenantId: number): Promise<void> {
  const [c] = await db.query(
    `SELECT c.id, c.form_id, c.operator_id FROM vgp_controllable c
      WHERE c.tenant_id = $1 AND c.form_id IS NOT NULL AND NOT c.archived AND c.deadline < $2
        AND NOT EXISTS (SELECT 1 FROM vgp_control k WHERE k.controllable_id = c.id)
      ORDER BY c.deadline, c.id LIMIT 1`, [tenantId, todayIso(clock.now())]);
  if (!c) return;
  const [group] = await loadControlForm(db, tenantId, c.form_id);
  await db.transaction(async (m) => {
    const [k] = await m.query(
      `INSERT INTO vgp_control (tenant_id, controllable_id, state, step, control_date, controller_id, form_id) VALUES ($1, $2, 'in_progress', 2, $3, $4, $5) RETURNING id`,
      [tenantId, c.id, todayIso(clock.now()), c.operator_id, c.form_id]);
    for (const cp of group?.checkpoints ?? []) {
      const answer = cp.answers.find((a) => a.conforming === true);
      if (answer) await m.query('INSERT INTO vgp_control_result (tenant_id, control_id, question_id, answer_id, updated_at) VALUES ($1, $2, $3, $4, $5)', [tenantId, k.id, cp.id, answer.id, clock.now()]);
    }
  });
}
