import { z } from 'zod';
import { email, optionalId as kernelOptionalId, requiredText as required, text } from '../../../kernel/http/fields';

/** Form names of the staff forms. */
export const STAFF_FORM = 'plan_staff';
export const STAFF_CREATE_FORM = 'plan_staff_create';
export const EXTERNAL_STAFF_FORM = 'plan_external_staff';

const optionalId = kernelOptionalId();

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
  email: email(180),
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
