/**
 * The nine CLP hazard pictograms (règlement CE 1272/2008, annexe V), by their GHS code; their
 * official French names are in `du-chemical.ghs.<code>` (« SGH02 — Flamme »).
 */
export const GHS_CODES = ['GHS01', 'GHS02', 'GHS03', 'GHS04', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'] as const;
/** One pictogram code. */
export type GhsCode = (typeof GHS_CODES)[number];

/** A safety data sheet is to be renewed once older than this many years. */
export const SDS_MAX_AGE_YEARS = 3;

/**
 * The oldest SDS date still current on `today` (`YYYY-MM-DD`): the same day 3 years before. An SDS
 * dated that day is exactly 3 years old and still current; one day earlier, it is outdated.
 * A 29 February goes back to the 28th.
 */
export function sdsOldestCurrent(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const year = y - SDS_MAX_AGE_YEARS;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whether an SDS dated `sdsDate` is older than 3 years on `today` (no date: not outdated, shown as missing). */
export function sdsOutdated(sdsDate: string | null, today: string): boolean {
  return sdsDate !== null && sdsDate < sdsOldestCurrent(today);
}
