/**
 * The door of the work order module: what other modules may import (the entity, the rules before
 * validation they contribute to, docs/work-order.md « Règles avant validation », and the list of
 * the work orders a user sees, which the lockout module's machine page filters by machine).
 */
export { WorkOrder, WORK_ORDER_STATES } from './work-order.entity';
export { workOrderChecks, workChecks, type WorkCheck, type WorkChecks, type WorkRefusal, type WorkTarget, type MachineChoice } from './work-order-checks';
export { workOrdersOfMachine, type WorkOrderRow } from './work-order-list.service';
