import { defineModule } from '../../kernel/module';
import type { VgpPart } from './core/vgp-part';
import { cataloguePart } from './catalogue/catalogue.part';
import { equipmentPart } from './equipment/equipment.part';
import { controlsPart } from './controls/controls.part';
import { formsPart } from './forms/forms.part';
import { controlPart } from './control/control.part';
import { bookPart } from './book/book.part';
import { toursPart } from './tours/tours.part';
import { labelsPart } from './labels/labels.part';
import { indicatorsPart } from './indicators/indicators.part';

/** The parts in route-table order. */
const PARTS: VgpPart[] = [equipmentPart, controlsPart, controlPart, formsPart, cataloguePart, bookPart, toursPart, labelsPart, indicatorsPart];
// Demo data: the catalogue and forms first (equipment and controls use them), then what hangs on equipment.
const DEMO_ORDER: VgpPart[] = [cataloguePart, formsPart, equipmentPart, controlsPart, controlPart, bookPart, toursPart];

/**
 * Equipment and periodic controls (VGP, issue 24): catalogue (categories, families, types),
 * equipment, controls and their deadlines, control forms on the questionnaire engine, the four-step
 * control, maintenance book and parts, tours, QR labels, widgets. Rights are the kernel catalogue's
 * `vgp.*` (seed 002); every route is behind the `module_vgp` toggle.
 */
export const equipmentModule = defineModule({
  name: 'equipment',
  routes: PARTS.flatMap((p) => p.routes).map((r) => ({ toggle: 'module_vgp', ...r })),
  demo: async (db, tenantId) => {
    for (const p of DEMO_ORDER) if (p.demo) await p.demo(db, tenantId);
  },
  schedule: async (db) => {
    for (const p of PARTS) if (p.schedule) await p.schedule(db);
  },
  contributes: PARTS.flatMap((p) => p.contributes ?? []),
});
