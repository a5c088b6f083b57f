import { clock } from '../../kernel/clock';
import type { StagedUpload } from '../../kernel/uploads';
import { checkSignatureImage } from '../user-signature/user-signature.service';
import { CHOICE_TYPES, MULTI_CHOICE_TYPES, type QuestionnaireQuestion, type QuestionnaireTree, type ResponseValues } from './questionnaire.types';

/** Translation keys of the answer errors. */
export const ANSWER_ERRORS = {
  required: 'questionnaire.errors.answer_required',
  tooLong: 'validation.too_long',
  choice: 'validation.choice',
  date: 'questionnaire.errors.date',
  datetime: 'questionnaire.errors.datetime',
  time: 'questionnaire.errors.time',
  user: 'questionnaire.errors.user',
  signature: 'questionnaire.errors.signature',
  signatureTooLarge: 'questionnaire.errors.signature_too_large',
} as const;

/** Longest answers accepted, in characters. */
export const MAX_LONG = 10_000;
export const MAX_SHORT = 255;

/** A file chosen in the form, staged under `tmp/` (`saveResponses` stores it). */
export interface PendingFile { pending: true; name: string; upload: StagedUpload }
/** "Keep what is stored": a file or signature question left untouched on an edit (`fileId` of the stored one). */
export interface KeepMarker { keep: true; fileId: number }
/** A signature drawn in the form, not stored yet. */
export interface DrawnSignature { image: string; signedAt: string }

/** A file of the multipart body, as left by `questionnaireUploads`: staged once checked, else the translation key why. */
export interface QuestionnaireUpload { fieldname: string; originalname: string; staged?: StagedUpload; refusal?: string }

const USER_LABELS = Symbol.for('vigie.questionnaire.userLabels');

/** Attaches the display names of the chosen users to a values object (not enumerable: never stored). */
export function attachUserLabels(values: ResponseValues, labels: Record<number, string>): ResponseValues {
  Object.defineProperty(values, USER_LABELS, { value: labels, enumerable: false, configurable: true, writable: true });
  return values;
}

/** The display names attached by `parseResponses` or `loadResponses` (empty when none). */
export function userLabelsOf(values: ResponseValues | null | undefined): Record<number, string> {
  return (values && (values as Record<symbol, Record<number, string>>)[USER_LABELS]) || {};
}

/** The field name of a question's answer: `questionnaire[q<id>]`. */
export const fieldName = (questionId: number) => `questionnaire[q${questionId}]`;

/** Array or qs-object of values, flattened to a list of non-blank strings. */
function listOf(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw as Record<string, unknown>) : raw === undefined ? [] : [raw];
  return items.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter((v) => v !== '');
}

function firstString(raw: unknown): string {
  const v = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

const pad = (n: string) => n.padStart(2, '0');

/** `DD/MM/YYYY` or `YYYY-MM-DD` -> `YYYY-MM-DD`, null when not a real date. */
export function normaliseDate(text: string): string | null {
  const t = text.trim();
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const parts = fr ? [fr[3], fr[2], fr[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [y, m, d] = parts;
  const date = new Date(Date.UTC(+y, +m - 1, +d));
  if (date.getUTCFullYear() !== +y || date.getUTCMonth() !== +m - 1 || date.getUTCDate() !== +d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** `HH:mm` (or `HH:mm:ss`) -> `HH:mm`, null when not a time of day. */
export function normaliseTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!m || +m[1] > 23 || +m[2] > 59) return null;
  return `${pad(m[1])}:${m[2]}`;
}

/** `DD/MM/YYYY HH:mm` or `YYYY-MM-DDTHH:mm` -> `YYYY-MM-DDTHH:mm` (wall-clock time, no zone), null when invalid. */
export function normaliseDateTime(text: string): string | null {
  const m = /^(.+?)(?:\s+|T)(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  if (!m) return null;
  const date = normaliseDate(m[1]);
  const time = normaliseTime(m[2]);
  return date && time ? `${date}T${time}` : null;
}

const positiveInt = (s: string) => (/^\d{1,9}$/.test(s) && Number(s) > 0 ? Number(s) : null);

type Parsed = { value?: unknown; error?: string };

function parseText(raw: unknown, max: number): Parsed {
  const text = firstString(raw).trim();
  if (text === '') return {};
  return text.length > max ? { value: text, error: ANSWER_ERRORS.tooLong } : { value: text };
}

function parseFormatted(raw: unknown, normalise: (s: string) => string | null, error: string): Parsed {
  const text = firstString(raw).trim();
  if (text === '') return {};
  const value = normalise(text);
  return value ? { value } : { value: text.slice(0, 40), error };
}

function parseChoices(q: QuestionnaireQuestion, raw: unknown): Parsed {
  const multi = MULTI_CHOICE_TYPES.has(q.answerType);
  const picked = multi ? listOf(raw) : listOf(firstString(raw));
  if (!picked.length) return {};
  const allowed = new Set(q.answers.map((a) => a.id));
  const ids = [...new Set(picked.map(positiveInt).filter((id): id is number => id !== null && allowed.has(id)))];
  const error = ids.length !== new Set(picked).size ? ANSWER_ERRORS.choice : undefined;
  return ids.length || error ? { value: ids, error } : {};
}

function parseUsers(q: QuestionnaireQuestion, raw: unknown, rawLabels: unknown, labels: Record<number, string>): Parsed {
  const multi = q.answerType === 'multi_user';
  const idTexts = multi ? (Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [raw]) : [firstString(raw)];
  const labelTexts = multi ? (Array.isArray(rawLabels) ? rawLabels : rawLabels && typeof rawLabels === 'object' ? Object.values(rawLabels) : [rawLabels]) : [firstString(rawLabels)];
  const ids: number[] = [];
  let error: string | undefined;
  idTexts.forEach((text, i) => {
    const label = typeof labelTexts[i] === 'string' ? (labelTexts[i] as string).trim().slice(0, 200) : '';
    const id = typeof text === 'string' || typeof text === 'number' ? positiveInt(String(text).trim()) : null;
    // A name typed without picking it from the list is not an answer: say so rather than drop it.
    if (id === null) { if (label) error = ANSWER_ERRORS.user; return; }
    if (!ids.includes(id)) ids.push(id);
    if (label) labels[id] = label;
  });
  if (!ids.length) return error ? { error } : {};
  return { value: multi ? ids : ids[0], error };
}

function parseFile(q: QuestionnaireQuestion, raw: unknown, files: QuestionnaireUpload[]): Parsed {
  const file = files.find((f) => f.fieldname === fieldName(q.id) && f.originalname);
  if (file?.refusal) return { error: file.refusal };
  // Only files checked by `questionnaireUploads` (size, extension, magic bytes) are accepted.
  if (file && !file.staged) return { error: 'questionnaire.errors.file_type' };
  if (file?.staged) return { value: { pending: true, name: file.originalname.slice(0, 255), upload: file.staged } satisfies PendingFile };
  const keep = raw && typeof raw === 'object' && !Array.isArray(raw) ? positiveInt(firstString((raw as Record<string, unknown>).keep)) : null;
  return keep ? { value: { keep: true, fileId: keep } satisfies KeepMarker } : {};
}

function parseSignature(raw: unknown): Parsed {
  const fields = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  // A new drawing wins; else the drawing of a form shown again after an error; else the stored one.
  const drawn = [firstString(fields.image), firstString(fields.drawn)].find((s) => s.trim() !== '');
  if (drawn) {
    const checked = checkSignatureImage(drawn);
    if (!checked.ok) return { error: checked.reason === 'too_large' ? ANSWER_ERRORS.signatureTooLarge : ANSWER_ERRORS.signature };
    return { value: { image: drawn.trim(), signedAt: clock.now().toISOString() } satisfies DrawnSignature };
  }
  const keep = positiveInt(firstString(fields.keep));
  return keep ? { value: { keep: true, fileId: keep } satisfies KeepMarker } : {};
}

function parseOne(q: QuestionnaireQuestion, answers: Record<string, unknown>, files: QuestionnaireUpload[], labels: Record<number, string>): Parsed {
  const raw = answers[`q${q.id}`];
  if (CHOICE_TYPES.has(q.answerType)) return parseChoices(q, raw);
  switch (q.answerType) {
    case 'long': return parseText(raw, MAX_LONG);
    case 'short': return parseText(raw, MAX_SHORT);
    case 'date': return parseFormatted(raw, normaliseDate, ANSWER_ERRORS.date);
    case 'datetime': return parseFormatted(raw, normaliseDateTime, ANSWER_ERRORS.datetime);
    case 'time': return parseFormatted(raw, normaliseTime, ANSWER_ERRORS.time);
    case 'user':
    case 'multi_user': return parseUsers(q, raw, answers[`q${q.id}_label`], labels);
    case 'file': return parseFile(q, raw, files);
    case 'signature': return parseSignature(raw);
    default: return {};
  }
}

/**
 * Reads the answers of a filled questionnaire from a parsed body: fields `questionnaire[q<questionId>]`
 * (`questionnaire[q<id>][]` for several choices or users; `questionnaire[q<id>_label]` carries the shown
 * user names; `questionnaire[q<id>][keep]` keeps a stored file or signature; the signature pad posts
 * `questionnaire[q<id>][image]`) and files from `questionnaireUploads` (field `questionnaire[q<id>]`).
 * A required question left blank gets 'Une réponse est nécessaire' unless `draft` (formats are always
 * checked). `values` always holds what was typed, so the form can be shown again as it was.
 */
export function parseResponses(tree: QuestionnaireTree, body: Record<string, unknown>, files: readonly unknown[] | undefined, opts: { draft?: boolean } = {}): { values: ResponseValues; errors: Record<number, string> } {
  const rawAnswers = body?.questionnaire;
  const answers = rawAnswers && typeof rawAnswers === 'object' && !Array.isArray(rawAnswers) ? (rawAnswers as Record<string, unknown>) : {};
  const uploads = (files ?? []) as QuestionnaireUpload[];
  const labels: Record<number, string> = {};
  const values: ResponseValues = {};
  const errors: Record<number, string> = {};
  for (const group of tree.groups) {
    for (const q of group.questions) {
      const parsed = parseOne(q, answers, uploads, labels);
      if (parsed.value !== undefined) values[q.id] = parsed.value;
      if (parsed.error) errors[q.id] = parsed.error;
      else if (parsed.value === undefined && q.required && !opts.draft) errors[q.id] = ANSWER_ERRORS.required;
    }
  }
  return { values: attachUserLabels(values, labels), errors };
}

/** True when `value` is a stored-file reference (`keep`) rather than a new answer. */
export function isKeepMarker(value: unknown): value is KeepMarker {
  return !!value && typeof value === 'object' && (value as KeepMarker).keep === true;
}

/** True when `value` is a file chosen in the form and not stored yet. */
export function isPendingFile(value: unknown): value is PendingFile {
  return !!value && typeof value === 'object' && (value as PendingFile).pending === true;
}
