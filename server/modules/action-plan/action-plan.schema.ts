import { z } from 'zod';
import { parseFrenchDate } from '../../kernel/i18n/format';
import { ACTION_LEVELS, ACTION_STATUSES } from './action.entity';

/** The form name of the spec. */
export const ACTION_FORM = 'mfpreventionbundle_action';

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(max, { error: 'validation.too_long' }));
const required = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable());

/** `DD/MM/YYYY` (or ISO `YYYY-MM-DD`) to `YYYY-MM-DD`; blank to null. */
export const frenchDate = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.string().trim().nullable()
    .refine((v) => v === null || toIsoDate(v) !== null, { error: 'validation.invalid' })
    .transform((v) => (v === null ? null : toIsoDate(v))),
);

/** Reads a typed date (`DD/MM/YYYY` or `YYYY-MM-DD`) as `YYYY-MM-DD`, or null. */
export function toIsoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const d = iso ? parseFrenchDate(`${iso[3]}/${iso[2]}/${iso[1]}`) : parseFrenchDate(text);
  if (!d || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 2200) return null;
  return d.toISOString().slice(0, 10);
}

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
  comments: required(5000),
  complement: text(5000),
  immediate: checkbox,
  level: z.preprocess((v) => (v === '' || v === undefined ? 'normal' : v), z.enum(ACTION_LEVELS, { error: 'validation.choice' })),
  deadline: frenchDate,
  assignee: optionalId,
  hierarchyItem: optionalId,
  service: optionalId,
  resolutionExplanation: text(5000),
  efficiencySynthesis: optionalId,
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
  return actionFieldsSchema.pick(mask as any).extend({ version: z.coerce.number({ error: 'validation.invalid' }).int().min(0).default(0) });
}

/** The creation form (new action, quick add): the definition fields and the assignee. */
export const createSchema = actionFieldsSchema.pick({
  comments: true, complement: true, immediate: true, level: true, deadline: true, assignee: true, hierarchyItem: true, service: true,
});
export type CreateFields = z.infer<typeof createSchema>;

const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, max) : ''), z.string());
const oneOf = <T extends readonly string[]>(values: T) => z.preprocess((v) => (typeof v === 'string' && (values as readonly string[]).includes(v) ? v : ''), z.string());
const queryId = z.preprocess((v) => { const n = Number(v); return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null; }, z.number().nullable());
const queryDate = z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 10) : ''), z.string());

/** Sortable columns of the list. */
export const SORTS = ['id', 'deadline', 'level', 'status', 'created', 'assignee', 'closure'] as const;

/** Filters of the action plan list (query string). Bad values are dropped, never a 500. */
export const filterSchema = z.object({
  q: optionalText(100),
  status: oneOf(ACTION_STATUSES),
  level: oneOf(ACTION_LEVELS),
  assignee: queryId,
  assigneeLabel: optionalText(200),
  deadlineFrom: queryDate,
  deadlineTo: queryDate,
  source: z.preprocess((v) => (typeof v === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(v) ? v : ''), z.string()),
  archived: z.preprocess((v) => (v === '1' ? '1' : ''), z.string()),
  sort: oneOf(SORTS),
  dir: oneOf(['asc', 'desc'] as const),
  who: oneOf(['assigned', 'created'] as const),
  open: z.preprocess((v) => (v === '0' ? '0' : '1'), z.string()),
});
export type ActionFilters = z.infer<typeof filterSchema>;
