import { z } from 'zod';
import { idList, requiredId } from '../../../kernel/http/fields';

/** The bulk duplicate's form name: fields are `du_duplicate[<field>]`. */
export const DUPLICATE_FORM = 'du_duplicate';

/** The selected evaluations and the entity they are copied to. */
export const duplicateSchema = z.object({
  ids: idList(),
  targetItemId: requiredId(),
});
