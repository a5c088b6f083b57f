import { z } from 'zod';
import {
  decimal, frenchDate, oneOf, optionalId, optionalInteger, optionalOneOf, optionalPhone, queryEnum, queryId, queryMatch, queryText,
  requiredText, text, version,
} from '../../../kernel/http/fields';
import { FREQUENCY_UNITS } from '../core/deadline';
import { PRESET_CODES } from '../core/presets';

const date = frenchDate({ error: 'vgp-controls.validation.date' });
const id = optionalId({ error: 'validation.choice' });

/**
 * A controllable (`vgp_controllable[...]`, every field of seed 002). Park number and « owned by the
 * client » are required here (docs/equipment.md, « Contrôles »); the deadline is recomputed by the
 * service from the last control date and the frequency.
 */
export const controllableSchema = z.object({
  name: requiredText(180),
  equipment: id,
  category: id,
  family: id,
  type: id,
  preset: optionalOneOf(PRESET_CODES),
  frequency: optionalInteger(1, 1000, { error: 'vgp-controls.validation.frequency' }),
  frequencyUnit: oneOf(FREQUENCY_UNITS, { fallback: 'month' }),
  operator: id,
  deadline: date,
  plannedDate: date,
  lastControlDate: date,
  comment: text(10_000),
  clientName: text(180),
  clientContact: text(180),
  clientPhone: optionalPhone(40),
  contractStart: date,
  contractEnd: date,
  hoursPerMonth: decimal(0, 744, { scale: 2, error: 'vgp-controls.validation.hours' }),
  ownedByClient: oneOf(['1', '0'] as const, { required: 'validation.required' }),
  owner: text(180),
  matriculation: text(60),
  parkNumber: requiredText(60),
  latitude: decimal(-90, 90, { scale: 6, error: 'vgp-controls.validation.latitude' }),
  longitude: decimal(-180, 180, { scale: 6, error: 'vgp-controls.validation.longitude' }),
  modusOperandi: text(20_000),
  removeModusFile: z.preprocess((v) => v === '1', z.boolean()),
  startupDate: date,
  form: id,
  version,
});
export type ControllableInput = z.infer<typeof controllableSchema>;

/** The planned date alone (`vgp_controllable_plan[...]`, right vgp.plan). */
export const planSchema = z.object({ plannedDate: date, version });

/** Deadline states a list filters on. */
export const LIST_STATES = ['overdue', 'due_soon', 'ok', 'unplanned'] as const;

/** The filters of the control lists (query string); a bad value is no filter. */
export const listFilterSchema = z.object({
  q: queryText(100),
  state: queryEnum(LIST_STATES),
  category: queryId,
  operator: queryId,
  entity: queryId,
  from: queryMatch(/^\d{2}\/\d{2}\/\d{4}$/),
  to: queryMatch(/^\d{2}\/\d{2}\/\d{4}$/),
  month: queryMatch(/^\d{4}-(0[1-9]|1[0-2])$/),
  archived: queryEnum(['1'] as const),
});
export type ListFilters = z.infer<typeof listFilterSchema>;
