/**
 * The lockout module's door: what other modules may use. The module file (`lockout.routes.ts`) is
 * not re-exported: `server/modules/index.ts` imports it directly.
 */
export { slipWorkflow, SLIP_SUBJECT } from './core/lockout-slip.workflow';
export type { SlipSubject } from './core/lockout-slip.workflow';
export { LockoutMachine } from './core/lockout-machine.entity';
export { LockoutSlip, SLIP_STATES } from './core/lockout-slip.entity';
