import { z } from 'zod';
import { queryPage, queryText, requiredText, text, version } from '../../../kernel/http/fields';

/** Field names of the consignment type form: `lockout_type[<field>]`. */
export const TYPE_FORM = 'lockout_type';
/** Field names of the machine activity form: `lockout_activity[<field>]`. */
export const ACTIVITY_FORM = 'lockout_activity';

/** A consignment type: name and colour (`#rrggbb`, the colour input's value). */
export const typeSchema = z.object({
  name: requiredText(180),
  color: text(7).refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), { message: 'lockout.validation.color' }),
  version,
});
/** A parsed consignment type. */
export type TypeInput = z.infer<typeof typeSchema>;

/** A machine activity. */
export const activitySchema = z.object({ name: requiredText(180), version });
/** A parsed machine activity. */
export type ActivityInput = z.infer<typeof activitySchema>;

/** The lists' query string: a search term and the page (a bad value is ignored). */
export const listQuerySchema = z.object({ q: queryText(100), page: queryPage });
