import { z } from 'zod';
import { checkbox, integer, requiredText, version } from '../../kernel/http/fields';

/** The item form (`nomenclature_item[...]`): label, position, active, and the version it was read at. */
export const itemSchema = z.object({
  label: requiredText(180),
  position: integer(0, 9999, { error: 'nomenclature.validation.position', fallback: 0 }),
  active: checkbox,
  version,
});
export type ItemInput = z.infer<typeof itemSchema>;
