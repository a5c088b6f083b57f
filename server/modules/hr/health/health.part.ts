import type { HrPart } from '../hr-part';

/** Health: medical check-ups, work accidents and interruptions, accident types. */
export const healthPart: HrPart = {
  routes: [],
};
