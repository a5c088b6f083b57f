import { z } from 'zod';
import { frenchDate, optionalId, optionalText, queryEnum, queryId, requiredId, requiredText, version } from '../../../kernel/http/fields';
import { GHS_CODES } from './ghs';

/** The form's name: fields are `du_chemical[<field>]`, the file `sdsFile`. */
export const CHEMICAL_FORM = 'du_chemical';

/** A chemical product (`du_chemical[...]`); the SDS file comes through the upload parser. */
export const chemicalSchema = z.object({
  product: requiredText(180),
  maker: optionalText(180),
  description: optionalText(5000),
  hierarchyItemId: requiredId(),
  workstationId: optionalId(),
  pictograms: z.array(z.enum(GHS_CODES, { error: 'validation.choice' }), { error: 'validation.choice' }).max(GHS_CODES.length, { error: 'validation.choice' })
    .optional().transform((v) => GHS_CODES.filter((c) => (v ?? []).includes(c))),
  cmrHazards: optionalText(5000),
  safetyHazards: optionalText(5000),
  environmentalHazards: optionalText(5000),
  preventionMeans: optionalText(5000),
  sdsDate: frenchDate({ iso: true }),
  version,
});
/** A parsed chemical product. */
export type ChemicalInput = z.infer<typeof chemicalSchema>;

/** The list's filters (a bad value is ignored). */
export const chemicalFilterSchema = z.object({
  item: queryId,
  workstation: queryId,
  hazard: queryEnum(GHS_CODES),
  archived: queryEnum(['1']),
  /** `1`: only the products whose SDS is older than 3 years. */
  outdated: queryEnum(['1']),
});
/** The list's filters. */
export type ChemicalFilters = z.infer<typeof chemicalFilterSchema>;
