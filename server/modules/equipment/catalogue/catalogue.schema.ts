import { z } from 'zod';
import { checkbox, optionalId, optionalOneOf, queryId, requiredId, requiredText, version } from '../../../kernel/http/fields';
import { PRESET_CODES } from '../core/presets';

/** Field names of the category form: `vgp_category[<field>]`. */
export const CATEGORY_FORM = 'vgp_category';
/** Field names of the family form: `vgp_family[<field>]`. */
export const FAMILY_FORM = 'vgp_family';
/** Field names of the type form: `vgp_type[<field>]`. */
export const TYPE_FORM = 'vgp_type';

/** A category: name, parent (tree), is-equipment flag and an optional regulatory preset. */
export const categorySchema = z.object({
  name: requiredText(180),
  parentId: optionalId(),
  isEquipment: checkbox,
  preset: optionalOneOf(PRESET_CODES),
  version,
});
/** A parsed category. */
export type CategoryInput = z.infer<typeof categorySchema>;

/** A family of a category. */
export const familySchema = z.object({
  name: requiredText(180),
  categoryId: requiredId(),
  version,
});
/** A parsed family. */
export type FamilyInput = z.infer<typeof familySchema>;

/** A type of control; `autoPlan` plans the next control when one is validated. */
export const typeSchema = z.object({
  name: requiredText(180),
  autoPlan: checkbox,
  version,
});
/** A parsed type. */
export type TypeInput = z.infer<typeof typeSchema>;

/** The family list's filter (a bad value is ignored). */
export const familyFilterSchema = z.object({ category: queryId });
