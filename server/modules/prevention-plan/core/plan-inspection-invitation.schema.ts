import { z } from 'zod';
import { parseFrenchDate } from '../../../kernel/i18n/format';

const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** Free text, trimmed; '' when absent (required-ness is a rule of the step). */
const text = (max: number) => z.preprocess((v) => (blank(last(v)) ? '' : String(last(v))),
  z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim()),
  z.string().refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'plan-inspection.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)).nullable());
/** `HH:MM`, or null when blank. */
const time = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim()),
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'plan-inspection.validation.time' }).nullable());
const idList = z.preprocess(
  (v) => (blank(v) ? [] : (Array.isArray(v) ? v : [v]).filter((x) => !blank(x))),
  z.array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }), { error: 'validation.invalid' }).max(500, { error: 'validation.invalid' }),
).transform((ids) => [...new Set(ids)]);
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const l = last(v); return l === '1' || l === 'on' || l === true; }, z.boolean());

/** Name of the invitation form: its fields are `plan_inspection_invitation[<field>]`. */
export const INVITATION_FORM = 'plan_inspection_invitation';

/**
 * Both steps of the invitation form (types and lengths only; the required fields and the time
 * rules are checked by the service, so each is flagged on its own field).
 * Step 1: when and where, facilities, when the CSE was informed. Step 2: recipients and message.
 */
export const invitationSchema = z.object({
  step: z.preprocess((v) => (last(v) === '2' ? 2 : 1), z.union([z.literal(1), z.literal(2)])),
  inspectionDate: frenchDate,
  inspectionTime: time,
  meetingPoint: text(255),
  facilities: text(4000),
  cseInformedDate: frenchDate,
  companies: idList,
  users: idList,
  cse: checkbox,
  cseName: text(255),
  cseEmail: z.preprocess((v) => (blank(last(v)) ? '' : String(last(v)).trim()),
    z.union([z.literal(''), z.string().max(255, { error: 'validation.too_long' }).pipe(z.email({ error: 'validation.email' }))])),
  message: text(5000),
});
export type InvitationInput = z.infer<typeof invitationSchema>;
