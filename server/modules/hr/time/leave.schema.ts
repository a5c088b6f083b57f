import { z } from 'zod';
import { decimal, frenchDate, optionalId, queryEnum, queryId, requiredText, text } from '../../../kernel/http/fields';
import { LEAVE_STATES, LEAVE_TYPES } from '../paid-leave-request.entity';

/** Form name of the leave request. */
export const LEAVE_FORM = 'paid_leave_request';

const requiredDate = frenchDate({ iso: true, error: 'hr-time.leave.validation.date' }).refine((v) => v !== null, { error: 'validation.required' });

/** The leave request form: type, dates (DD/MM/YYYY), rest-time count, comment; `employee` for managers. */
export const leaveSchema = z.object({
  employee: optionalId().default(null),
  type: z.enum(LEAVE_TYPES, { error: 'validation.selection' }),
  startDate: requiredDate,
  endDate: requiredDate,
  restTimeCount: decimal(0, 365, { error: 'hr-time.leave.validation.count' }).default(null),
  comment: text(2000),
}).superRefine((v, ctx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'hr-time.leave.validation.end_before_start' });
  if (v.type === 'rest_time' && v.restTimeCount === null) ctx.addIssue({ code: 'custom', path: ['restTimeCount'], message: 'validation.required' });
});

/** A valid leave request. */
export type LeaveInput = Omit<z.infer<typeof leaveSchema>, 'startDate' | 'endDate'> & { startDate: string; endDate: string };

/** The filters of the managers' list (query string); a bad value falls back, never an error. */
export const leaveFilterSchema = z.object({
  state: queryEnum(LEAVE_STATES),
  type: queryEnum(LEAVE_TYPES),
  employee: queryId,
});

/** The refusal form: the manager's comment (required, so the employee knows why). */
export const refuseSchema = z.object({
  comment: requiredText(2000),
});
