import { listener } from '../../../kernel/workflow';
import { insertSignature, parseSlot } from '../work-order-signatures';
import { workOrderWorkflow } from '../work-order.workflow';

/** A start signature is the `sign` transition: its row is written with the transition. */
export const startSignature = listener(workOrderWorkflow, 'sign', async (event, m) => {
  const sig = event.signature ?? {};
  const slot = parseSlot(sig.slot);
  if (!slot || slot.moment !== 'start') throw new Error('work order sign: start slot expected');
  await insertSignature(m, { id: event.subjectId, tenantId: event.tenantId }, slot, {
    name: String(sig.name ?? ''), image: String(sig.image ?? ''), hasWatermark: sig.hasWatermark === true, userId: event.user.id > 0 && sig.self === true ? event.user.id : null,
  });
});
