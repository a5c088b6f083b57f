import { z } from 'zod';
import {
  idList as kernelIdList, isBlank, lastValue, oneOf, optionalId as kernelOptionalId, queryEnum, queryText, requiredFrenchDate, requiredText as required,
  requiredTime, text, version,
} from '../../kernel/http/fields';
import { PERMIT_STATES } from './permit.entity';

const optionalId = kernelOptionalId();
const idList = kernelIdList({ max: 100 });
/** One name per line (outside workers without an account). */
const names = z.preprocess((v) => (isBlank(v) ? '' : String(lastValue(v))), z.string().max(5000, { error: 'validation.too_long' }))
  .transform((s) => [...new Set(s.split(/\r?\n/).map((l) => l.trim().slice(0, 255)).filter(Boolean))]);
const frenchDay = requiredFrenchDate({ error: 'permit.validation.date' });
const time = requiredTime({ error: 'permit.validation.time' });

/** The permit form (`permit[...]`): the fields of seed 002's fire permit, shared by every type. */
export const permitSchema = z.object({
  description: required(5000),
  startDate: frenchDay,
  startTime: time,
  endDate: frenchDay,
  endTime: time,
  sectorId: optionalId,
  machineId: optionalId,
  workOrderId: optionalId,
  managerId: optionalId,
  supervisorIds: idList,
  supervisorStaffIds: idList,
  supervisorNames: names,
  workerIds: idList,
  workerStaffIds: idList,
  workerNames: names,
  postSupervisorIds: idList,
  postSupervisorStaffIds: idList,
  postSupervisorNames: names,
  version,
});

/** A parsed permit form. */
export type PermitInput = z.infer<typeof permitSchema>;

/** The permit form's name in the body. */
export const PERMIT_FORM = 'permit';

/** The step form (`step[...]`) besides the checklist and the signature. */
export const stepSchema = z.object({
  comment: text(5000),
  quality: text(100),
});

/** The filters of the fire permit list (query string): state, late only, text; a bad value falls back. */
export const permitFilterSchema = z.object({
  state: queryEnum(PERMIT_STATES),
  late: queryEnum(['1']).transform((v) => v === '1'),
  q: queryText(100),
});

/** The signature form of the fire permit's signature list (`permit_signature[...]`). */
export const signatureSchema = z.object({
  step: oneOf(['before', 'after', 'two_hours'], { error: 'validation.invalid' }),
  quality: text(100),
});
