import type { VgpPart } from '../core/vgp-part';

/** The catalogue part of the equipment module (issue 24). */
export const cataloguePart: VgpPart = {
  routes: [],
};
