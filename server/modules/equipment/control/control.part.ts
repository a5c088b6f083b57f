import type { VgpPart } from '../core/vgp-part';

/** The control part of the equipment module (issue 24). */
export const controlPart: VgpPart = {
  routes: [],
};
