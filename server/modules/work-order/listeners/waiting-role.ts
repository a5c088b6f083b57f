import { rowsOf } from '../../../kernel/db/sql';
import { listener } from '../../../kernel/workflow';
import { waitingRoleOf, workOrderWorkflow } from '../work-order.workflow';

/** After every transition, the waiting role follows the state and the start signatures. */
export const waitingRole = listener(workOrderWorkflow, '*', async (event, m) => {
  const sigs = rowsOf<{ slot: string }>(await m.query(
    `SELECT moment || ':' || signer_role AS slot FROM work_order_signature WHERE work_order_id = $1 AND tenant_id = $2`, [event.subjectId, event.tenantId]));
  await m.query('UPDATE work_order SET waiting_role = $3 WHERE id = $1 AND tenant_id = $2',
    [event.subjectId, event.tenantId, waitingRoleOf(event.to, sigs.map((r) => r.slot))]);
});
