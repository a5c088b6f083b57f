import { z } from 'zod';

/** A field error for `partials/_field`: a translation key, or a key with its interpolation values. */
export type FieldError = string | { key: string; params: Record<string, unknown> };

/** A parsed form: the data, or the errors per field (translation keys) and what was typed. */
export type FormResult<T> =
  | { ok: true; data: T; values: Record<string, unknown> }
  | { ok: false; errors: Record<string, string>; values: Record<string, unknown> };

/**
 * Reads the Symfony-style fields `<formName>[<field>]` from a parsed body and validates them.
 * Messages are translation keys; the typed values come back so nothing is lost.
 */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown, formName: string, opts: { draft?: boolean } = {}): FormResult<z.infer<S>> {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>)[formName] : undefined;
  const values = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  const parsed = opts.draft ? draftSchema(schema).safeParse(withoutBlanks(values)) : schema.safeParse(values);
  // A draft holds only what was typed: its data is the schema's with every field optional.
  if (parsed.success) return { ok: true, data: parsed.data as z.infer<S>, values };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '_form');
    // zod's own English sentences never reach the user: only our translation keys do.
    if (!errors[field]) errors[field] = /^[\w.-]+$/.test(issue.message) ? issue.message : 'validation.invalid';
  }
  return { ok: false, errors, values };
}

/**
 * The schema of a draft save: every field optional (blank fields are left out), so only types
 * and lengths are checked.
 */
function draftSchema<S extends z.ZodType>(schema: S): z.ZodType {
  if (schema instanceof z.ZodObject) return schema.partial();
  throw new Error('Un brouillon demande un schéma objet.');
}

function withoutBlanks(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !(v === undefined || v === null || (typeof v === 'string' && v.trim() === ''))));
}

/** True when the form was submitted with the DRAFT button (server then checks only types and lengths). */
export function isDraftSubmit(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as Record<string, unknown>)._submit === 'DRAFT';
}
