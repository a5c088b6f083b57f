import type { VgpPart } from '../core/vgp-part';

/** The forms part of the equipment module (issue 24). */
export const formsPart: VgpPart = {
  routes: [],
};
