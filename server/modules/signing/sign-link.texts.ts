import type { SignLinkSubject } from './sign-link-subjects';

type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * The full key of text `key` of a link's pages and mail for a document type: the type's own
 * wording (`<texts>.<key>`, e.g. `plan-sign-link.ppsps.mail.subject`) when it has one, else the
 * plan's (`plan-sign-link.<key>`), which is generic for refusals and statuses.
 */
export function linkKey(t: unknown, s: SignLinkSubject | null, key: string): string {
  const prefix = s?.texts ?? 'plan-sign-link';
  if (prefix === 'plan-sign-link') return `plan-sign-link.${key}`;
  const own = `${prefix}.${key}`;
  return (t as Translate)(own) === own ? `plan-sign-link.${key}` : own;
}

/** A translate function of the link texts of a document type (see {@link linkKey}). */
export function linkTexts(t: unknown, s: SignLinkSubject | null): (key: string, vars?: Record<string, unknown>) => string {
  return (key, vars) => (t as Translate)(linkKey(t, s, key), vars);
}
