import { actionWorkflow } from '../action-plan.workflow';
import { listener } from '../../../kernel/workflow';
import { enqueueActionMail, scheduleReminders } from '../action-plan.mail';
import type { TransitionEvent } from '../../../kernel/workflow';
import type { EntityManager } from 'typeorm';

/**
 * Sent (waiting): the assignee is mailed and the deadline reminders are queued. An action sent
 * back from PROCESSED gets the "returned" mail instead. (Reassigning is handled by the service,
 * which sets the new assignee after the transition.)
 */
async function notifyAssignee(event: TransitionEvent, m: EntityManager): Promise<void> {
  const s = event.subject as { assigneeId?: number | null; deadline?: string | Date | null };
  const assigneeId = s.assigneeId == null ? null : Number(s.assigneeId);
  if (assigneeId === null) return;
  const kind = event.from === 'PROCESSED' ? 'returned' : 'assigned';
  if (assigneeId !== event.user.id) await enqueueActionMail(m, { tenantId: event.tenantId, actionId: event.subjectId, kind, userId: assigneeId });
  const [row] = await m.query('SELECT deadline::text AS deadline FROM action WHERE id = $1 AND tenant_id = $2', [event.subjectId, event.tenantId]);
  await scheduleReminders(m, { id: event.subjectId, tenantId: event.tenantId, status: event.to, deadline: row?.deadline ?? null, assigneeId });
}

/** Sent (waiting): mail and reminders, see {@link notifyAssignee}. */
export const onAssigned = listener(actionWorkflow, 'waiting', notifyAssignee);
