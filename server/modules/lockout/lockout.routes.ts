import { defineModule } from '../../kernel/module';
import type { LockoutPart } from './core/lockout-part';
import { cataloguePart } from './catalogue/catalogue.part';
import { machinesPart } from './machines/machines.part';
import { slipsPart } from './slips/slips.part';
import { indicatorsPart } from './indicators/indicators.part';

/** The parts in route-table order (and demo order: the machines before the slips written on them). */
const PARTS: LockoutPart[] = [cataloguePart, machinesPart, slipsPart, indicatorsPart];

/**
 * Lockout / tagout (consignation, issue 26 items 1-4 and 7): consignment types and machine
 * activities, machines with their isolation points and photos, consignment slips on the kernel
 * workflow with staff, padlocks, signatures, history and PDF, the plan's « Consignation » tab and
 * the indicators. Rights are the kernel catalogue's `consignment.*` (seed 002); every route is
 * behind the `module_consignment` toggle. docs/lockout.md says why it is built so.
 */
export const lockoutModule = defineModule({
  name: 'lockout',
  routes: PARTS.flatMap((p) => p.routes).map((r) => ({ toggle: 'module_consignment', ...r })),
  demo: async (db, tenantId) => {
    for (const p of PARTS) if (p.demo) await p.demo(db, tenantId);
  },
  contributes: PARTS.flatMap((p) => p.contributes ?? []),
});
