import { z } from 'zod';
import { frenchDate } from '../../action-plan/action-plan.schema';
import { CONTRACT_TYPES, EMPLOYEE_CIVILITIES, MARITAL_STATUSES } from '../employee.entity';

/** Form name of the employee add/edit modal (`employee[<field>]`). */
export const EMPLOYEE_FORM = 'employee';
/** Form name of the activity category modal. */
export const CATEGORY_FORM = 'activity_category';

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(max, { error: 'validation.too_long' }));
const required = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable());
const choice = (values: readonly string[]) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().refine((v) => v === '' || values.includes(v), { error: 'validation.choice' }));
/** A day count such as 25 or 2,5 (French comma accepted), 0 to 366. */
const days = (requiredValue: boolean) => z.preprocess(
  (v) => (v === undefined || v === null ? '' : String(v).trim().replace(',', '.')),
  z.string().refine((v) => (v === '' ? !requiredValue : /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 366), { error: requiredValue ? 'hr.validation.days_required' : 'hr.validation.days' }),
).transform((v) => (v === '' ? null : v));

/** The employee form: every field of seed 002 "Employee" except the CV and job-sheet files (their own forms). */
export const employeeSchema = z.object({
  matricule: text(50),
  civility: choice(EMPLOYEE_CIVILITIES),
  lastName: required(100),
  firstName: text(100),
  email: text(180).pipe(z.union([z.literal(''), z.email({ error: 'validation.email' })])),
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
  version: z.coerce.number().int().min(0).default(0),
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
  version: z.coerce.number().int().min(0).default(0),
});
/** A valid activity category form. */
export type CategoryInput = z.infer<typeof categorySchema>;

/** The filters of the employee list (query string). */
export const employeeFilterSchema = z.object({
  q: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()),
  service: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null), z.number().nullable()),
  category: z.preprocess((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null), z.number().nullable()),
  presence: z.preprocess((v) => (v === 'gone' || v === 'all' ? v : 'present'), z.enum(['present', 'gone', 'all'])),
});
/** The filters of the employee list. */
export type EmployeeFilters = z.infer<typeof employeeFilterSchema>;
