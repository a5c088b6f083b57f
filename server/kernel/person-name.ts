/**
 * How Vigie names a person on every screen, mail and PDF: « Prénom Nom » (first name, then last
 * name), never « Nom Prénom ». Lists may still sort by last name. Rule: docs/architecture.md.
 */

/** « Prénom Nom » from its parts (missing parts skipped); `fallback` (e.g. the username) when both are empty. */
export function personName(firstName: string | null | undefined, lastName: string | null | undefined, fallback = ''): string {
  return `${firstName ?? ''} ${lastName ?? ''}`.trim() || fallback;
}

/**
 * The SQL expression of « Prénom Nom » for the row `alias` (columns `first_name`, `last_name`),
 * NULL when both are empty, so callers can `COALESCE` it with a username.
 */
export function personNameSql(alias: string): string {
  return `NULLIF(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;
}
