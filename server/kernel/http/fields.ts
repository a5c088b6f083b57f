import { z } from 'zod';
import { parseFrenchDate } from '../i18n/format';

/**
 * Zod field builders shared by every form and list filter (issue 22 item 4).
 *
 * Rules common to all of them:
 * - **blank** is `undefined`, `null`, `''` or only spaces;
 * - a field sent twice (a checkbox after its hidden "0" twin, a select after a hidden input of the
 *   same name) keeps its **last** value;
 * - messages are translation keys: `validation.required`, `validation.too_long`,
 *   `validation.invalid`, `validation.choice` ... or the module's own key passed as `error`;
 * - query-string builders (`query*`) never fail: a bad value falls back, so a list never answers 500.
 */

/** Largest id of an `int4` column: a bigger one is refused instead of failing in SQL. */
export const MAX_ID = 2_147_483_647;

/** True for `undefined`, `null`, `''` or a string of spaces. */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The last value of a field sent several times; the value itself otherwise. */
export const lastValue = (v: unknown): unknown => (Array.isArray(v) ? v[v.length - 1] : v);

/** What the user typed, its last value when sent twice, or `null` when blank. */
const typed = (v: unknown): unknown => { const l = lastValue(v); return isBlank(l) ? null : l; };

/** An issue reported at the field itself. */
const fail = (ctx: z.RefinementCtx, message: string): never => { ctx.addIssue({ code: 'custom', message }); return z.NEVER; };

// ---------------------------------------------------------------------------------------------
// Text

/** Free text, trimmed, at most `max` characters; `''` when blank. */
export function text(max: number): z.ZodType<string> {
  return z.preprocess((v) => typed(v) ?? '', z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
}

/** Text that must be typed: `validation.required` when blank, `validation.too_long` past `max`. */
export function requiredText(max: number): z.ZodType<string> {
  return z.preprocess((v) => typed(v) ?? '', z.string({ error: 'validation.required' }).trim()
    .min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
}

/** Optional text, trimmed, at most `max` characters; `null` when blank. */
export function optionalText(max: number): z.ZodType<string | null> {
  return text(max).transform((s) => (s === '' ? null : s));
}

// ---------------------------------------------------------------------------------------------
// Choices

/** A checkbox: checked when its last value is `1`, `on`, `true` (form or JSON). */
export const checkbox: z.ZodType<boolean> = z.preprocess((v) => { const l = lastValue(v); return l === '1' || l === 'on' || l === 'true' || l === true; }, z.boolean());

/** Yes (`1`) / no (`0`) / not said (anything else, `null`): a radio or a select with an empty choice. */
export const yesNo: z.ZodType<boolean | null> = z.preprocess((v) => { const l = lastValue(v); return l === '1' ? true : l === '0' ? false : null; }, z.boolean().nullable());

/** Options of {@link oneOf}. */
export interface OneOfOptions<F extends string> {
  /** Key of a value outside the list (`validation.choice`). */
  error?: string;
  /** Key of a blank value (defaults to `error`); unused with a `fallback`. */
  required?: string;
  /** The value of a blank field (a select's default). */
  fallback?: F;
}

/** One value of a list (a select, a radio): blank gives the `fallback`, or the `required` key. */
export function oneOf<const T extends readonly string[], F extends string = never>(values: T, opts: OneOfOptions<F> = {}): z.ZodType<T[number] | F> {
  const error = opts.error ?? 'validation.choice';
  return z.transform((v, ctx): T[number] | F => {
    const l = typed(v);
    if (l === null) return opts.fallback !== undefined ? opts.fallback : fail(ctx, opts.required ?? error);
    return typeof l === 'string' && values.includes(l) ? (l as T[number]) : fail(ctx, error);
  });
}

/** One value of a list, or `null` when blank; a value outside the list is `error` (`validation.choice`). */
export function optionalOneOf<const T extends readonly string[]>(values: T, opts: { error?: string } = {}): z.ZodType<T[number] | null> {
  const error = opts.error ?? 'validation.choice';
  return z.transform((v, ctx): T[number] | null => {
    const l = typed(v);
    if (l === null) return null;
    return typeof l === 'string' && values.includes(l) ? (l as T[number]) : fail(ctx, error);
  });
}

// ---------------------------------------------------------------------------------------------
// Ids

/** Reads a positive id up to {@link MAX_ID} (`'12'`, `12`), or null. */
function idOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\+?\d+(\.0*)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : null;
}

/** A select holding an id or nothing: `null` when blank, `error` (`validation.invalid`) when not an id. */
export function optionalId(opts: { error?: string } = {}): z.ZodType<number | null> {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx) => {
    const l = typed(v);
    return l === null ? null : idOf(l) ?? fail(ctx, error);
  });
}

/** An id that must be chosen: `required` (`validation.required`) when blank, `error` (`validation.invalid`) when not an id. */
export function requiredId(opts: { error?: string; required?: string } = {}): z.ZodType<number> {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx) => {
    const l = typed(v);
    return l === null ? fail(ctx, opts.required ?? 'validation.required') : idOf(l) ?? fail(ctx, error);
  });
}

/**
 * A multi-select: one or many ids, blanks left out, each once; `[]` when absent. At most `max`
 * ids (200; `null` for no bound); `error` (`validation.invalid`) for a value that is not an id.
 */
export function idList(opts: { error?: string; max?: number | null } = {}): z.ZodType<number[]> {
  const error = opts.error ?? 'validation.invalid';
  const max = opts.max === undefined ? 200 : opts.max;
  return z.transform((v, ctx) => {
    const all = (isBlank(v) ? [] : Array.isArray(v) ? v : [v]).filter((x) => !isBlank(x));
    const ids: number[] = [];
    for (const x of all) { const n = idOf(x); if (n === null) return fail(ctx, error); ids.push(n); }
    const unique = [...new Set(ids)];
    return max !== null && unique.length > max ? fail(ctx, error) : unique;
  });
}

/**
 * The optimistic lock: the `version` the form was read at (0 when absent or blank); a value that
 * is not a whole number ≥ 0 is `validation.invalid`.
 */
export const version: z.ZodType<number> = z.preprocess((v) => typed(v) ?? 0,
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' })).default(0);

// ---------------------------------------------------------------------------------------------
// Numbers

/** A number typed the French way (`1 500,5`) or not, or null when blank or not a plain decimal number. */
function numberOf(v: unknown): { blank: true } | { blank: false; n: number | null; decimals: number } {
  const l = typed(v);
  if (l === null) return { blank: true };
  if (typeof l === 'number') return { blank: false, n: Number.isFinite(l) ? l : null, decimals: (String(l).split('.')[1] ?? '').length };
  if (typeof l !== 'string') return { blank: false, n: null, decimals: 0 };
  const s = l.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const m = /^[-+]?(?:\d+(?:\.(\d*))?|\.(\d+))$/.exec(s);
  return m ? { blank: false, n: Number(s), decimals: (m[1] ?? m[2] ?? '').length } : { blank: false, n: null, decimals: 0 };
}

/** Options of the number builders. */
export interface NumberOptions {
  /** Key of a bad or out-of-range value (`validation.invalid`). */
  error?: string;
  /** Key of a value above `max` (defaults to `error`). */
  tooBig?: string;
}

function numberField(min: number, max: number, opts: NumberOptions & { integer: boolean; scale?: number; required?: string; fallback?: number }) {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx): number | null => {
    const r = numberOf(v);
    if (r.blank) return opts.fallback !== undefined ? opts.fallback : opts.required !== undefined ? fail(ctx, opts.required) : null;
    const { n, decimals } = r;
    if (n === null || (opts.integer && !Number.isInteger(n)) || (opts.scale !== undefined && decimals > opts.scale) || n < min) return fail(ctx, error);
    return n > max ? fail(ctx, opts.tooBig ?? error) : n;
  });
}

/**
 * A whole number in [`min`, `max`] (spaces allowed: `1 000`). Blank gives the `fallback`, or the
 * `required` key (`validation.required`).
 */
export function integer(min: number, max: number, opts: NumberOptions & { required?: string; fallback?: number } = {}): z.ZodType<number> {
  return numberField(min, max, { ...opts, integer: true, required: opts.fallback !== undefined ? undefined : opts.required ?? 'validation.required' }) as z.ZodType<number>;
}

/** A whole number in [`min`, `max`], or `null` when blank. */
export function optionalInteger(min: number, max: number, opts: NumberOptions = {}): z.ZodType<number | null> {
  return numberField(min, max, { ...opts, integer: true });
}

/**
 * A decimal number in [`min`, `max`], typed the French way (`1 500,25`) or not; at most `scale`
 * decimals when given. `null` when blank, unless `required` (the key of a blank value) is given.
 */
export function decimal(min: number, max: number, opts: NumberOptions & { scale?: number; required: string }): z.ZodType<number>;
export function decimal(min: number, max: number, opts?: NumberOptions & { scale?: number }): z.ZodType<number | null>;
export function decimal(min: number, max: number, opts: NumberOptions & { scale?: number; required?: string } = {}): z.ZodType<number | null> {
  return numberField(min, max, { ...opts, integer: false });
}

/**
 * An amount of money typed the French way (`1 500 000,50`): at most `digits` (13) digits before
 * the decimal comma and two after, as the exact string a `numeric` column takes (`1500000.50`);
 * `null` when blank.
 */
export function money(opts: { error?: string; digits?: number } = {}): z.ZodType<string | null> {
  const error = opts.error ?? 'validation.invalid';
  const re = new RegExp(`^\\d{1,${opts.digits ?? 13}}(\\.\\d{1,2})?$`);
  return z.transform((v, ctx) => {
    const l = typed(v);
    if (l === null) return null;
    const s = typeof l === 'string' ? l.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.') : '';
    return re.test(s) ? s : fail(ctx, error);
  });
}

// ---------------------------------------------------------------------------------------------
// Dates and times

/** True for a real day typed `DD/MM/YYYY` (no time). */
export const isFrenchDate = (s: string): boolean => /^\d{2}\/\d{2}\/\d{4}$/.test(s.trim()) && parseFrenchDate(s) !== null;

/**
 * Reads a typed date as `YYYY-MM-DD`, or null: `DD/MM/YYYY` (a time after it is ignored) or ISO
 * `YYYY-MM-DD` (the browser's date input), years 1900 to 2200.
 */
export function toIsoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const d = iso ? parseFrenchDate(`${iso[3]}/${iso[2]}/${iso[1]}`) : parseFrenchDate(text);
  if (!d || d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 2200) return null;
  return d.toISOString().slice(0, 10);
}

/** Options of the date builders. */
export interface DateOptions {
  /** Key of a value that is not a date (`validation.invalid`; modules pass their own `<module>.validation.date`). */
  error?: string;
  /** Also accept ISO `YYYY-MM-DD` and a time after the day, years 1900 to 2200 ({@link toIsoDate}). */
  iso?: boolean;
}

const dayOf = (l: unknown, iso: boolean): string | null => {
  if (typeof l !== 'string') return null;
  if (iso) return toIsoDate(l);
  return isFrenchDate(l) ? parseFrenchDate(l)!.toISOString().slice(0, 10) : null;
};

/** A day typed `DD/MM/YYYY`, as `YYYY-MM-DD`; `null` when blank. */
export function frenchDate(opts: DateOptions = {}): z.ZodType<string | null> {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx) => {
    const l = typed(v);
    return l === null ? null : dayOf(l, !!opts.iso) ?? fail(ctx, error);
  });
}

/** A day typed `DD/MM/YYYY` that must be given, as `YYYY-MM-DD`; `required` (`validation.required`) when blank. */
export function requiredFrenchDate(opts: DateOptions & { required?: string } = {}): z.ZodType<string> {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx) => {
    const l = typed(v);
    return l === null ? fail(ctx, opts.required ?? 'validation.required') : dayOf(l, !!opts.iso) ?? fail(ctx, error);
  });
}

/** `H:mm` or `HH:mm` (seconds ignored), as `HH:mm`, or null. */
const timeOf = (l: unknown): string | null => {
  const m = typeof l === 'string' ? /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(l.trim()) : null;
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
};

/** A time of day `HH:mm` (`8:30` and `08:30:00` read as `08:30`); `null` when blank. */
export function time(opts: { error?: string } = {}): z.ZodType<string | null> {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx) => { const l = typed(v); return l === null ? null : timeOf(l) ?? fail(ctx, error); });
}

/** A time of day `HH:mm` that must be given; `required` (`validation.required`) when blank. */
export function requiredTime(opts: { error?: string; required?: string } = {}): z.ZodType<string> {
  const error = opts.error ?? 'validation.invalid';
  return z.transform((v, ctx) => { const l = typed(v); return l === null ? fail(ctx, opts.required ?? 'validation.required') : timeOf(l) ?? fail(ctx, error); });
}

// ---------------------------------------------------------------------------------------------
// Contact details and codes

const isEmail = (s: string): boolean => z.email().safeParse(s).success;

/** An e-mail address, at most `max` (180) characters; `''` when blank; `validation.email` when malformed. */
export function email(max = 180): z.ZodType<string> {
  return text(max).refine((s) => s === '' || isEmail(s), { error: 'validation.email' });
}

/** An e-mail address that must be given. */
export function requiredEmail(max = 180): z.ZodType<string> {
  return requiredText(max).refine(isEmail, { error: 'validation.email' });
}

/** An e-mail address, or `null` when blank. */
export function optionalEmail(max = 180): z.ZodType<string | null> {
  return optionalText(max).refine((s) => s === null || isEmail(s), { error: 'validation.email' });
}

/**
 * The characters a phone number may hold: digits, spaces, `+ ( ) . -`, starting with a digit,
 * `+` or `(` (`+33 (0)1 23 45 67 89`, `01.23.45.67.89`).
 */
export const PHONE_PATTERN = /^[+(\d][\d\s.()+-]*$/;

/** Options of the phone builders. */
export interface PhoneOptions {
  /** Key of a malformed number (`validation.invalid`). */
  error?: string;
  /** The pattern it must match ({@link PHONE_PATTERN}). */
  pattern?: RegExp;
}

/** A phone number, at most `max` (30) characters; `''` when blank. */
export function phone(max = 30, opts: PhoneOptions = {}): z.ZodType<string> {
  const re = opts.pattern ?? PHONE_PATTERN;
  return text(max).refine((s) => s === '' || re.test(s), { error: opts.error ?? 'validation.invalid' });
}

/** A phone number, or `null` when blank. */
export function optionalPhone(max = 30, opts: PhoneOptions = {}): z.ZodType<string | null> {
  const re = opts.pattern ?? PHONE_PATTERN;
  return optionalText(max).refine((s) => s === null || re.test(s), { error: opts.error ?? 'validation.invalid' });
}

/** A SIRET: 14 digits (spaces typed between groups are dropped); `''` when blank. */
export function siret(opts: { error?: string } = {}): z.ZodType<string> {
  return text(20).transform((s) => s.replace(/\s/g, '')).refine((s) => s === '' || /^\d{14}$/.test(s), { error: opts.error ?? 'validation.invalid' });
}

// ---------------------------------------------------------------------------------------------
// Query string (list filters): never an error, a bad value falls back.

const queryString = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A search text: trimmed, cut at `max` (100) characters; `''` otherwise. */
export function queryText(max = 100): z.ZodType<string> {
  return z.transform((v) => queryString(v).slice(0, max).trim());
}

/** An id filter: a positive id up to {@link MAX_ID} (digits, or a number), or `null`. */
export const queryId: z.ZodType<number | null> = z.transform((v) => (typeof v === 'number' ? idOf(v) : /^\d{1,10}$/.test(queryString(v)) ? idOf(queryString(v)) : null));

/** A date filter as typed (`DD/MM/YYYY`), trimmed and cut at 10 characters; `''` otherwise (the service reads it). */
export const queryDate: z.ZodType<string> = z.transform((v) => queryString(v).slice(0, 10));

/** One value of a list, or the `fallback` (`''`). */
export function queryEnum<const T extends readonly string[], const F extends string = ''>(values: T, fallback?: F): z.ZodType<T[number] | F> {
  return z.transform((v) => (typeof v === 'string' && values.includes(v) ? (v as T[number]) : ((fallback ?? '') as F)));
}

/** A value matching `pattern` (a code, a status), or the `fallback` (`''`). */
export function queryMatch(pattern: RegExp, fallback = ''): z.ZodType<string> {
  return z.transform((v) => (typeof v === 'string' && pattern.test(v) ? v : fallback));
}

/** The page number of a list: 1 to 10 000, 1 when absent or bad. */
export const queryPage: z.ZodType<number> = z.transform((v) => Math.max(1, Math.min(10_000, Number.parseInt(String(v ?? '1'), 10) || 1)));
