import { z } from 'zod';

// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());

/** The item form (`nomenclature_item[...]`): label, position, active, and the version it was read at. */
export const itemSchema = z.object({
  label: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(180, { error: 'validation.too_long' }),
  position: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce.number({ error: 'nomenclature.validation.position' }).int({ error: 'nomenclature.validation.position' })
      .min(0, { error: 'nomenclature.validation.position' }).max(9999, { error: 'nomenclature.validation.position' }),
  ),
  active: checkbox,
  version: z.coerce.number().int().min(0).default(0),
});
export type ItemInput = z.infer<typeof itemSchema>;
