/** A search term as a lower-case `LIKE` pattern (`%term%`, wildcards escaped), or null when blank. */
export function containsPattern(q: string): string | null {
  const term = q.trim().toLowerCase();
  return term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}
