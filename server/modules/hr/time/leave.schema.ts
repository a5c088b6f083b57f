import { z } from 'zod';
import { frenchDate } from '../../action-plan/action-plan.schema';
import { LEAVE_TYPES } from '../paid-leave-request.entity';

/** Form name of the leave request. */
export const LEAVE_FORM = 'paid_leave_request';

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const requiredDate = frenchDate.refine((v) => v !== null, { error: 'validation.required' });

/** The leave request form: type, dates (DD/MM/YYYY), rest-time count, comment; `employee` for managers. */
export const leaveSchema = z.object({
  employee: z.preprocess(blankToNull, z.coerce.number({ error: 'validation.invalid' }).int().positive().max(2_147_483_647).nullable()).default(null),
  type: z.enum(LEAVE_TYPES, { error: 'validation.selection' }),
  startDate: requiredDate,
  endDate: requiredDate,
  restTimeCount: z.preprocess(blankToNull, z.coerce.number({ error: 'hr-time.leave.validation.count' })
    .min(0, { error: 'hr-time.leave.validation.count' }).max(365, { error: 'hr-time.leave.validation.count' }).nullable()).default(null),
  comment: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(2000, { error: 'validation.too_long' })),
}).superRefine((v, ctx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'hr-time.leave.validation.end_before_start' });
  if (v.type === 'rest_time' && v.restTimeCount === null) ctx.addIssue({ code: 'custom', path: ['restTimeCount'], message: 'validation.required' });
});

/** A valid leave request. */
export type LeaveInput = Omit<z.infer<typeof leaveSchema>, 'startDate' | 'endDate'> & { startDate: string; endDate: string };

/** The refusal form: the manager's comment (required, so the employee knows why). */
export const refuseSchema = z.object({
  comment: z.preprocess((v) => (v == null ? '' : v), z.string().trim().min(1, { error: 'validation.required' }).max(2000, { error: 'validation.too_long' })),
});
