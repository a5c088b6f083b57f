/**
 * The door of the work order module: what other modules may import (the entity, and the rules
 * before validation they contribute to, docs/work-order.md « Règles avant validation »).
 */
export { WorkOrder, WORK_ORDER_STATES } from './work-order.entity';
export { workOrderChecks, workChecks, type WorkCheck, type WorkChecks, type WorkRefusal, type WorkTarget, type MachineChoice } from './work-order-checks';
