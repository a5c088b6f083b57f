import { z } from 'zod';
import { idList, integer, optionalId, optionalText, queryEnum, queryId, requiredId, requiredText, version } from '../../../kernel/http/fields';

/** The exposure form's name: fields are `du_arduousness[<field>]`. */
export const EXPOSURE_FORM = 'du_arduousness';

/** An exposure (`du_arduousness[...]`). */
export const exposureSchema = z.object({
  hierarchyItemId: requiredId(),
  workstationId: optionalId(),
  criterionId: requiredId(),
  constraintId: requiredId(),
  duration: integer(0, 100_000, { required: 'validation.required' }),
  employeeIds: idList(),
  comment: optionalText(5000),
  version,
});
/** A parsed exposure. */
export type ExposureInput = z.infer<typeof exposureSchema>;

/** A criterion (`du_arduousness_criterion[...]`). */
export const criterionSchema = z.object({ label: requiredText(180), version });
/** A constraint (`du_arduousness_constraint[...]`): what is measured, its unit, the threshold. */
export const constraintSchema = z.object({ label: requiredText(255), unit: requiredText(60), threshold: integer(1, 100_000, { required: 'validation.required' }), version });

/** The list's filters (a bad value is ignored). */
export const exposureFilterSchema = z.object({
  item: queryId,
  workstation: queryId,
  criterion: queryId,
  archived: queryEnum(['1']),
  /** `1`: only the exposures that reach their threshold. */
  flagged: queryEnum(['1']),
});
/** The list's filters. */
export type ExposureFilters = z.infer<typeof exposureFilterSchema>;
