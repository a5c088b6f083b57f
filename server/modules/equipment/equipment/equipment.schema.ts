import { z } from 'zod';
import { checkbox, optionalId, optionalText, queryEnum, queryId, queryText, requiredText, version } from '../../../kernel/http/fields';

/** Field names of the equipment form: `vgp_equipment[<field>]`; the files are `photo` and `annex`. */
export const EQUIPMENT_FORM = 'vgp_equipment';

/** Every field of an equipment (seed 002), the files apart. */
export const equipmentSchema = z.object({
  name: requiredText(180),
  brand: optionalText(120),
  model: optionalText(120),
  serialNumber: optionalText(100),
  internalNumber: optionalText(100),
  hierarchyItemId: optionalId(),
  serviceId: optionalId(),
  siteId: optionalId(),
  location: optionalText(255),
  sectorId: optionalId(),
  locationPrecision: optionalText(255),
  categoryId: optionalId(),
  annexLabel: optionalText(180),
  removePhoto: checkbox,
  removeAnnex: checkbox,
  version,
});
/** A parsed equipment. */
export type EquipmentInput = z.infer<typeof equipmentSchema>;

/** The list's search and filters (a bad value is ignored). */
export const equipmentFilterSchema = z.object({
  q: queryText(100),
  category: queryId,
  entity: queryId,
  archived: queryEnum(['1']),
});
/** The list's filters. */
export type EquipmentFilters = z.infer<typeof equipmentFilterSchema>;
