import type { VgpPart } from '../core/vgp-part';
import { equipmentLabels } from './labels.handlers';

/**
 * QR labels (beyond the spec): a PDF sheet of labels whose code opens the equipment's page on a
 * phone, for one equipment (`?id=`, the button of its page) or a selection of the list (`ids[]`).
 */
export const labelsPart: VgpPart = {
  routes: [
    { name: 'vgp_equipment_labels', method: ['GET', 'POST'], path: '/equipment/labels', right: 'vgp.equipment_view', heavy: 'pdf', handler: equipmentLabels },
  ],
};
