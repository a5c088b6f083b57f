import { z } from 'zod';
import { PREVENTION_ORGANISATION_TYPES } from './prevention-organisation.entity';

// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const blankToEmpty = (v: unknown) => (v === undefined || v === null ? '' : v);
const required = (max: number) => z.preprocess(blankToEmpty, z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
/** Optional text: blank becomes null. */
const optional = (max: number) => z.preprocess(blankToEmpty, z.string().trim().max(max, { error: 'validation.too_long' }).transform((s) => (s === '' ? null : s)));
const integer = (min: number, max: number, fallback: number) => z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? fallback : v),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(min, { error: 'validation.invalid' }).max(max, { error: 'validation.invalid' }),
);
const version = z.coerce.number().int().min(0).default(0);

/** The work type form (`work_type[...]`). */
export const workTypeSchema = z.object({
  label: required(500),
  dangerous: checkbox,
  isRoofWork: checkbox,
  weighting: integer(0, 100, 0),
  position: integer(0, 9999, 0),
  active: checkbox,
  version,
});
export type WorkTypeInput = z.infer<typeof workTypeSchema>;

/** The prevention organisation form (`prevention_organisation[...]`). */
export const organisationSchema = z.object({
  name: required(255),
  type: z.preprocess(blankToEmpty, z.string().refine((v) => v !== '', { error: 'validation.selection' })
    .pipe(z.enum(PREVENTION_ORGANISATION_TYPES, { error: 'validation.choice' }))),
  contact: optional(255),
  address: optional(2000),
  email: optional(180).refine((v) => v === null || z.email().safeParse(v).success, { error: 'validation.email' }),
  phone: optional(40).refine((v) => v === null || /^[0-9+().\s-]{4,40}$/.test(v), { error: 'validation.invalid' }),
  version,
});
export type OrganisationInput = z.infer<typeof organisationSchema>;

/** The lot form (`lot[...]`) and the specification form (`lot_specification[...]`): a label. */
export const labelSchema = z.object({ label: required(255), version });
export type LabelInput = z.infer<typeof labelSchema>;
