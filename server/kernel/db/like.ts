/** `%q%` in lower case for a LIKE on a lowered column, or null when there is no search; `%`, `_` and `\` typed are literal. */
export function containsPattern(q: string): string | null {
  const s = q.trim().toLowerCase();
  return s ? `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
