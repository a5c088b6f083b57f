import type { Db } from './sql';

/**
 * Above this many matching rows a list says "more than 10 000" instead of counting them all:
 * counting reads every matching row on every page, however few are shown (docs/bench.md).
 */
export const COUNT_CAP = 10_000;

/** A list's total: exact up to the cap, else the cap with `capped` set. */
export interface CappedTotal {
  total: number;
  capped: boolean;
}

/**
 * Counts the rows of `fromWhere` (`FROM … WHERE …`, with `params`), reading at most `cap + 1`
 * of them, so a list's count costs the same at 10 000 matches as at 10 million.
 */
export async function countUpTo(db: Db, fromWhere: string, params: unknown[], cap = COUNT_CAP): Promise<CappedTotal> {
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) counted`, params);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
