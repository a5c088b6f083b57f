import { z } from 'zod';
import {
  checkbox, frenchDate as kernelDate, oneOf, optionalId, queryDate, queryEnum, queryId, queryMatch, queryText, requiredText, text, toIsoDate, version,
} from '../../kernel/http/fields';
import { ACTION_LEVELS, ACTION_STATUSES } from './action.entity';

/** The form name of the spec. */
export const ACTION_FORM = 'mfpreventionbundle_action';

/** `DD/MM/YYYY` (or ISO `YYYY-MM-DD`) to `YYYY-MM-DD`; blank to null. */
export const frenchDate = kernelDate({ iso: true });

/** Reads a typed date (`DD/MM/YYYY` or `YYYY-MM-DD`) as `YYYY-MM-DD`, or null (kept here for its importers). */
export { toIsoDate };

/** The date fields of the action form. */
export const DATE_FIELDS = ['deadline', 'closureDate'];

/**
 * Gives a bad date its own message. (parseForm keeps only `[\w.]` keys, and this module's keys
 * start with `action-plan.`, so the schema says `validation.invalid` and this refines it.)
 */
export function withDateMessages<E>(errors: Record<string, E | string>): Record<string, E | string> {
  const out = { ...errors };
  for (const f of DATE_FIELDS) if (out[f] === 'validation.invalid') out[f] = 'action-plan.validation.date';
  return out;
}

/** Every field of the action form; a request only applies the fields its user may edit (policy). */
export const actionFieldsSchema = z.object({
  comments: requiredText(5000),
  complement: text(5000),
  immediate: checkbox,
  level: oneOf(ACTION_LEVELS, { fallback: 'normal' }),
  deadline: frenchDate,
  assignee: optionalId(),
  hierarchyItem: optionalId(),
  service: optionalId(),
  resolutionExplanation: text(5000),
  efficiencySynthesis: optionalId(),
  closureDate: frenchDate,
  abandonExplanation: text(5000),
  newAction: checkbox,
});
export type ActionFields = z.infer<typeof actionFieldsSchema>;
export type ActionFieldName = keyof ActionFields;

/** The text fields of the form (file fields are handled by the upload parser). */
export const FORM_FIELDS = Object.keys(actionFieldsSchema.shape) as ActionFieldName[];

/** The schema of the fields `editable` (others are ignored), plus the optimistic-lock version. */
export function schemaFor(editable: Set<string>): z.ZodObject<any> {
  const mask = Object.fromEntries(FORM_FIELDS.filter((f) => editable.has(f)).map((f) => [f, true as const]));
  return actionFieldsSchema.pick(mask as any).extend({ version });
}

/** The creation form (new action, quick add): the definition fields and the assignee. */
export const createSchema = actionFieldsSchema.pick({
  comments: true, complement: true, immediate: true, level: true, deadline: true, assignee: true, hierarchyItem: true, service: true,
});
export type CreateFields = z.infer<typeof createSchema>;

/** Sortable columns of the list. */
export const SORTS = ['id', 'deadline', 'level', 'status', 'created', 'assignee', 'closure'] as const;

/** Filters of the action plan list (query string). Bad values are dropped, never a 500. */
export const filterSchema = z.object({
  q: queryText(100),
  status: queryEnum(ACTION_STATUSES),
  level: queryEnum(ACTION_LEVELS),
  assignee: queryId,
  assigneeLabel: queryText(200),
  deadlineFrom: queryDate,
  deadlineTo: queryDate,
  source: queryMatch(/^[a-z][a-z0-9_]{0,39}$/),
  archived: queryEnum(['1']),
  sort: queryEnum(SORTS),
  dir: queryEnum(['asc', 'desc']),
  who: queryEnum(['assigned', 'created']),
  open: queryEnum(['0'], '1'),
});
export type ActionFilters = z.infer<typeof filterSchema>;
