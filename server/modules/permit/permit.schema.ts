import { z } from 'zod';
import { parseFrenchDate } from '../../kernel/i18n/format';

const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

const text = (max: number) => z.preprocess((v) => (blank(v) ? '' : last(v)), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
const required = (max: number) => text(max).refine((s) => s.length > 0, { error: 'validation.required' });
const optionalId = z.preprocess((v) => (blank(last(v)) ? null : last(v)),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }).nullable());
const idList = z.preprocess(
  (v) => (blank(v) ? [] : (Array.isArray(v) ? v : [v]).filter((x) => !blank(x))),
  z.array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' })).max(100, { error: 'validation.invalid' }),
).transform((ids) => [...new Set(ids)]);
/** One name per line (outside workers without an account). */
const names = z.preprocess((v) => (blank(v) ? '' : String(last(v))), z.string().max(5000, { error: 'validation.too_long' }))
  .transform((s) => [...new Set(s.split(/\r?\n/).map((l) => l.trim().slice(0, 255)).filter(Boolean))]);
const frenchDay = z.preprocess((v) => (blank(last(v)) ? '' : String(last(v)).trim()),
  z.string().refine((s) => s === '' || (/^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null), { error: 'permit.validation.date' })
    .refine((s) => s !== '', { error: 'validation.required' }));
const time = z.preprocess((v) => (blank(last(v)) ? '' : String(last(v)).trim()),
  z.string().refine((s) => s !== '', { error: 'validation.required' }).refine((s) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s), { error: 'permit.validation.time' }));

/** The permit form (`permit[...]`): the fields of seed 002's fire permit, shared by every type. */
export const permitSchema = z.object({
  description: required(5000),
  startDate: frenchDay,
  startTime: time,
  endDate: frenchDay,
  endTime: time,
  sectorId: optionalId,
  workOrderId: optionalId,
  managerId: optionalId,
  supervisorIds: idList,
  supervisorNames: names,
  workerIds: idList,
  workerNames: names,
  postSupervisorIds: idList,
  postSupervisorNames: names,
  version: z.preprocess((v) => (blank(last(v)) ? 0 : last(v)), z.coerce.number().int().min(0)),
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

/** The signature form of the fire permit's signature list (`permit_signature[...]`). */
export const signatureSchema = z.object({
  step: z.preprocess((v) => last(v), z.enum(['before', 'after', 'two_hours'], { error: 'validation.invalid' })),
  quality: text(100),
});
