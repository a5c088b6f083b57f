import { z } from 'zod';

/** Form names of the staff forms. */
export const STAFF_FORM = 'plan_staff';
export const STAFF_CREATE_FORM = 'plan_staff_create';
export const EXTERNAL_STAFF_FORM = 'plan_external_staff';

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : Array.isArray(v) ? v[v.length - 1] : v), z.string().trim().max(max, { error: 'validation.too_long' }));
const required = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : Array.isArray(v) ? v[v.length - 1] : v), z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? null : v),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable(),
);

/** Adding an existing person: a contact of the company's CRM company, or a user for the user company. */
export const staffAddSchema = z.object({
  contact: optionalId,
  user: optionalId,
  qualification: text(255),
});
export type StaffAddInput = z.infer<typeof staffAddSchema>;

/** A new contact created in the CRM for the company, then added to the plan. */
export const staffCreateSchema = z.object({
  lastName: required(100),
  firstName: text(100),
  email: text(180).refine((v) => v === '' || z.email().safeParse(v).success, { error: 'validation.email' }),
  phone: text(30),
  mobile: text(30),
  function: optionalId,
  qualification: text(255),
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/** A person without a CRM contact (temporary worker ...): name and qualification. */
export const externalStaffSchema = z.object({
  lastName: required(150),
  firstName: text(150),
  qualification: required(255),
});
export type ExternalStaffInput = z.infer<typeof externalStaffSchema>;
