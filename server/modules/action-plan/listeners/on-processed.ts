import { actionWorkflow } from '../action-plan.workflow';
import { listener } from '../../../kernel/workflow';
import { enqueueActionMail } from '../action-plan.mail';

/** Processed: the creator is told, when their profile asks for it (checked when the mail leaves). */
export const onProcessed = listener(actionWorkflow, 'processed', async (event, m) => {
  const creatorId = Number((event.subject as { creatorId?: number }).creatorId);
  if (!creatorId || creatorId === event.user.id) return;
  await enqueueActionMail(m, { tenantId: event.tenantId, actionId: event.subjectId, kind: 'processed', userId: creatorId });
});
