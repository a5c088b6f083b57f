import type { VgpPart } from '../core/vgp-part';

/** The controls part of the equipment module (issue 24). */
export const controlsPart: VgpPart = {
  routes: [],
};
