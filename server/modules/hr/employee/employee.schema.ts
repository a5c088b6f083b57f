import { z } from 'zod';
import {
  checkbox, decimal, email, frenchDate as kernelDate, optionalId as kernelOptionalId, optionalOneOf, queryEnum, queryId, queryText, requiredText as required, text, version,
} from '../../../kernel/http/fields';
import { CONTRACT_TYPES, EMPLOYEE_CIVILITIES, MARITAL_STATUSES } from '../employee.entity';

/** Form name of the employee add/edit modal (`employee[<field>]`). */
export const EMPLOYEE_FORM = 'employee';
/** Form name of the activity category modal. */
export const CATEGORY_FORM = 'activity_category';

const optionalId = kernelOptionalId();
const frenchDate = kernelDate({ iso: true });
/** One value of a list, `''` when blank. */
const choice = <const T extends readonly string[]>(values: T) => optionalOneOf(values).transform((v) => v ?? '');
/** A day count such as 25 or 2,5 (French comma accepted), 0 to 366, as the string a `numeric` column takes. */
const days = (required: boolean) => {
  const key = required ? 'hr.validation.days_required' : 'hr.validation.days';
  return decimal(0, 366, { error: key, scale: 2, ...(required ? { required: key } : {}) }).transform((n) => (n === null ? null : String(n)));
};

/** The employee form: every field of seed 002 "Employee" except the CV and job-sheet files (their own forms). */
export const employeeSchema = z.object({
  matricule: text(50),
  civility: choice(EMPLOYEE_CIVILITIES),
  lastName: required(100),
  firstName: text(100),
  email: email(180),
  phone: text(30),
  mobile: text(30),
  entryDate: frenchDate,
  exitDate: frenchDate,
  position: text(255),
  socialSecurityNumber: text(21).refine((v) => v === '' || /^[0-9AB ]{13,21}$/i.test(v), { error: 'hr.validation.social_security' }),
  birthPlace: text(255),
  birthDate: frenchDate,
  maritalStatus: choice(MARITAL_STATUSES),
  nationality: text(100),
  contract: choice(CONTRACT_TYPES),
  qualification: text(255),
  inseeCode: text(10),
  coefficient: text(20),
  medicalCheckupDate: frenchDate,
  nextMedicalCheckupDate: frenchDate,
  medicalCheckupTypeId: optionalId,
  welcomeBooklet: checkbox,
  btpCard: text(50),
  company: text(255),
  rtt: days(false),
  paidLeaveNumber: days(true),
  restTime: days(false),
  paidLeaveResetDate: frenchDate,
  activityCategoryId: optionalId,
  serviceId: optionalId,
  hierarchyItemId: optionalId,
  userId: optionalId,
  version,
});
/** A valid employee form. */
export type EmployeeInput = z.infer<typeof employeeSchema>;

/** The date fields of the employee form (shown DD/MM/YYYY with a date picker). */
export const EMPLOYEE_DATE_FIELDS = ['entryDate', 'exitDate', 'birthDate', 'medicalCheckupDate', 'nextMedicalCheckupDate', 'paidLeaveResetDate'] as const;

/**
 * Gives a bad date its own message (parseForm keeps `validation.invalid` from the shared date
 * schema) and checks the exit is not before the entry.
 */
export function employeeDateErrors(errors: Record<string, string>, data?: EmployeeInput): Record<string, string> {
  const out = { ...errors };
  for (const f of EMPLOYEE_DATE_FIELDS) if (out[f] === 'validation.invalid') out[f] = 'hr.validation.date';
  if (data?.entryDate && data.exitDate && data.exitDate < data.entryDate) out.exitDate = 'hr.validation.exit_before_entry';
  return out;
}

/** The activity category form; `version` is the one the form was read at (optimistic lock). */
export const categorySchema = z.object({
  code: required(30),
  name: required(255),
  version,
});
/** A valid activity category form. */
export type CategoryInput = z.infer<typeof categorySchema>;

/** The filters of the employee list (query string). */
export const employeeFilterSchema = z.object({
  q: queryText(100),
  service: queryId,
  category: queryId,
  presence: queryEnum(['present', 'gone', 'all'], 'present'),
});
/** The filters of the employee list. */
export type EmployeeFilters = z.infer<typeof employeeFilterSchema>;
