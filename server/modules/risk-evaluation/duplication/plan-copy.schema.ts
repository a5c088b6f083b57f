import { z } from 'zod';
import { requiredId } from '../../../kernel/http/fields';

/** The plan copy's form name: fields are `du_plan_copy[<field>]`. */
export const PLAN_COPY_FORM = 'du_plan_copy';

/** The chosen risks (`<area id>-<risk id>`, 200 at most) and what every copy shares in the document. */
export const planCopySchema = z.object({
  keys: z.preprocess((v) => (Array.isArray(v) ? v : v == null || v === '' ? [] : [v]), z.array(z.string().regex(/^\d{1,10}-\d{1,10}$/, 'validation.choice')).max(200, 'validation.invalid')),
  workUnitId: requiredId(),
  dangerFamilyId: requiredId(),
  gravityId: requiredId(),
  probabilityId: requiredId(),
  controlId: requiredId(),
});
/** A parsed plan copy. */
export type PlanCopyInput = z.infer<typeof planCopySchema>;
