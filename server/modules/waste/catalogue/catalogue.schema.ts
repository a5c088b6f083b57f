import { z } from 'zod';
import { checkbox, decimal, optionalId, optionalText, queryPage, queryText, requiredText, text, version } from '../../../kernel/http/fields';

/** Field names of the family form: `waste_family[<field>]`. */
export const FAMILY_FORM = 'waste_family';
/** Field names of the container form: `waste_container[<field>]`. */
export const CONTAINER_FORM = 'waste_container';
/** Field names of the waste form: `waste[<field>]`. */
export const WASTE_FORM = 'waste';

/** A family of wastes. */
export const familySchema = z.object({ name: requiredText(180), version });
/** A parsed family. */
export type FamilyInput = z.infer<typeof familySchema>;

/** A container: name and capacity in m³ (optional, > 0, three decimals). */
export const containerSchema = z.object({
  name: requiredText(180),
  capacity: decimal(0.001, 9_999_999.999, { scale: 3, error: 'waste.validation.capacity' }),
  version,
});
/** A parsed container. */
export type ContainerInput = z.infer<typeof containerSchema>;

/** A waste: label, code of the European list (picked with the autocomplete), family, internal code, to-analysis flag. */
export const wasteSchema = z.object({
  label: requiredText(255),
  cedCode: text(6),
  cedLabel: text(300),
  familyId: optionalId(),
  internalCode: optionalText(60),
  toAnalysis: checkbox,
  version,
});
/** A parsed waste. */
export type WasteInput = z.infer<typeof wasteSchema>;

/** The lists' query string: a search term and the page (a bad value is ignored). */
export const listQuerySchema = z.object({ q: queryText(100), page: queryPage });
