import { z } from 'zod';
import {
  frenchDate as kernelDate, oneOf, optionalId as kernelOptionalId, queryEnum, queryId, queryText, text, toIsoDate, version,
} from '../../kernel/http/fields';
import { ATEX_ZONES, WORK_ORDER_STATES } from './work-order.entity';

/** The form name of the work order modal (`work_order[<field>]`). */
export const WORK_ORDER_FORM = 'work_order';

const optionalId = kernelOptionalId();
const frenchDate = kernelDate({ iso: true });

/**
 * The work order form (seed 002 "Work order"): plan (only when added without one), company,
 * sector, machine (when the lockout module offers machines), dates, day and hours, participants, ATEX zone, nature, comments, order number.
 * Types and lengths here; the rules over the plan (dates, duration, company) are in the service.
 */
export const workOrderSchema = z.object({
  planId: optionalId,
  planCompanyId: optionalId,
  sectorId: optionalId,
  machineId: optionalId,
  startDate: frenchDate,
  endDate: frenchDate,
  day: frenchDate,
  hours: text(100),
  orderNumber: text(100),
  participants: text(5000),
  atexZone: oneOf(ATEX_ZONES, { fallback: 'none' }),
  nature: text(5000),
  comments: text(5000),
  version,
});
/** A parsed work order form. */
export type WorkOrderInput = z.infer<typeof workOrderSchema>;

/** The filters of the global list (query string): text, state, a day the order covers (as typed), plan; a bad value falls back. */
export const workOrderFilterSchema = z.object({
  q: queryText(100),
  state: queryEnum(WORK_ORDER_STATES),
  on: queryText(100).transform((s) => (s && toIsoDate(s) ? s : '')),
  plan: queryId,
});

/** The fields the form must have (besides the plan): French "Veuillez renseigner ce champ." otherwise. */
export function requiredErrors(d: WorkOrderInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.startDate) errors.startDate = 'validation.required';
  if (!d.endDate) errors.endDate = 'validation.required';
  if (!d.planCompanyId) errors.planCompanyId = 'validation.required';
  if (!d.nature) errors.nature = 'validation.required';
  return errors;
}
