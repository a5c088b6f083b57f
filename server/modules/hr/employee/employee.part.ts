import type { HrPart } from '../hr-part';

/** Employees, activity categories and the CSV import. */
export const employeePart: HrPart = {
  routes: [],
};
