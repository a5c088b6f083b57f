import type { VgpPart } from '../core/vgp-part';

/** The indicators part of the equipment module (issue 24). */
export const indicatorsPart: VgpPart = {
  routes: [],
};
