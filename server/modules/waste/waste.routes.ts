import { defineModule } from '../../kernel/module';
import type { WastePart } from './core/waste-part';
import { cataloguePart } from './catalogue/catalogue.part';
import { vouchersPart } from './vouchers/vouchers.part';
import { certificatesPart } from './certificates/certificates.part';
import { registerPart } from './register/register.part';
import { indicatorsPart } from './indicators/indicators.part';

/** The parts in route-table order (and demo order: the catalogue before the vouchers that use it). */
const PARTS: WastePart[] = [cataloguePart, vouchersPart, certificatesPart, registerPart, indicatorsPart];

/**
 * Waste (issue 26 items 5-6): wastes with their code of the European list, families, containers,
 * vouchers, CAP certificates, the register of outgoing waste and the environment indicators. Rights are the kernel catalogue's `environment.*`
 * (seed 002); every route is behind the `module_waste` toggle.
 */
export const wasteModule = defineModule({
  name: 'waste',
  routes: PARTS.flatMap((p) => p.routes).map((r) => ({ toggle: 'module_waste', ...r })),
  demo: async (db, tenantId) => {
    for (const p of PARTS) if (p.demo) await p.demo(db, tenantId);
  },
  contributes: PARTS.flatMap((p) => p.contributes ?? []),
});
