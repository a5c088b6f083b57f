import type { VgpPart } from '../core/vgp-part';

/** The tours part of the equipment module (issue 24). */
export const toursPart: VgpPart = {
  routes: [],
};
