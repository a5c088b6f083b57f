import type { VgpPart } from '../core/vgp-part';

/** The equipment part of the equipment module (issue 24). */
export const equipmentPart: VgpPart = {
  routes: [],
};
