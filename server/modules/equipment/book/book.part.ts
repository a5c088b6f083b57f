import type { VgpPart } from '../core/vgp-part';

/** The book part of the equipment module (issue 24). */
export const bookPart: VgpPart = {
  routes: [],
};
