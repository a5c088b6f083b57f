import { todayIso } from '../../../../kernel/clock';
import { listener } from '../../../../kernel/workflow';
import { projectWorkflow } from '../project.workflow';

/** A completed project without a real end date gets today's (it can be corrected in the form). */
export const onComplete = listener(projectWorkflow, 'complete', async (event, m) => {
  await m.query('UPDATE project SET real_end_date = $3 WHERE id = $1 AND tenant_id = $2 AND real_end_date IS NULL', [event.subjectId, event.tenantId, todayIso()]);
});
