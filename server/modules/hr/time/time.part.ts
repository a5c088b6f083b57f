import type { HrPart } from '../hr-part';

/** Time: paid leave, work time, TF / TG statistics and objectives. */
export const timePart: HrPart = {
  routes: [],
};
