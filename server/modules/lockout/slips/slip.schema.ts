import { z } from 'zod';
import { frenchDate, idList, oneOf, optionalId, optionalText, queryEnum, queryId, queryPage, queryText, requiredId, requiredText, text, version } from '../../../kernel/http/fields';
import { SLIP_STATES } from '../core/lockout-slip.entity';

/** Field names of the slip form: `lockout_slip[<field>]`. */
export const SLIP_FORM = 'lockout_slip';
/** Field names of the staff form: `lockout_staff[<field>]`. */
export const STAFF_FORM = 'lockout_staff';
/** Field names of the padlock form: `lockout_padlock[<field>]`. */
export const PADLOCK_FORM = 'lockout_padlock';

/** A slip: machine, subject, officer, work manager, dates, linked plan, ordering customer, activities. */
export const slipSchema = z.object({
  machineId: requiredId(),
  subject: requiredText(255),
  officerId: optionalId(),
  workManagerId: optionalId(),
  startDate: frenchDate({ iso: true, error: 'lockout.validation.date' }),
  endDate: frenchDate({ iso: true, error: 'lockout.validation.date' }),
  planId: optionalId(),
  orderingCustomerId: optionalId(),
  activityIds: idList(),
  version,
});
/** A parsed slip. */
export type SlipInput = z.infer<typeof slipSchema>;

/** A staff member: a worker of the linked plan, a user, or a free name (with the company). */
export const staffSchema = z.object({
  planStaffId: optionalId(),
  userId: optionalId(),
  name: text(255),
  company: optionalText(255),
});
/** A parsed staff member. */
export type StaffInput = z.infer<typeof staffSchema>;

/** A padlock update: put on or taken off, with a comment. */
export const padlockSchema = z.object({
  padlock: oneOf(['on', 'off'] as const, { required: 'validation.required' }),
  comment: optionalText(1000),
});

/** The slip list's query string: search on number, subject and machine, machine, state, archived, page. */
export const slipQuerySchema = z.object({
  q: queryText(100), machine: queryId, state: queryEnum(SLIP_STATES, ''), archived: queryEnum(['1'] as const, ''), page: queryPage,
});
