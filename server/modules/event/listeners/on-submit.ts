import { enqueue } from '../../../kernel/jobs';
import { listener } from '../../../kernel/workflow';
import { eventWorkflow } from '../event.workflow';
import { SUPERVISOR_MAIL_JOB } from '../event.mail';

/** An event waiting for its supervisor: the supervisor is mailed, through the job queue (committed with the transition). */
export const onSubmit = listener(eventWorkflow, 'submit', async (event, manager) => {
  await enqueue(manager, SUPERVISOR_MAIL_JOB, { eventId: event.subjectId, tenantId: event.tenantId }, { tenantId: event.tenantId });
});
