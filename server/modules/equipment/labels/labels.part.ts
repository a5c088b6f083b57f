import type { VgpPart } from '../core/vgp-part';

/** The labels part of the equipment module (issue 24). */
export const labelsPart: VgpPart = {
  routes: [],
};
