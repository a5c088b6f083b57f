import type { HrPart } from '../hr-part';

/** Training: themes, formations, trainers, sessions and formation monitoring. */
export const trainingPart: HrPart = {
  routes: [],
};
