/** Recurrence arithmetic of scheduled tasks on calendar days (`YYYY-MM-DD`), pure. */

/** A recurrence unit. */
export type ScheduleUnit = 'day' | 'week' | 'month';

const utc = (iso: string) => { const [y, m, d] = iso.split('-').map(Number); return { y, m, d }; };
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** `iso` plus `n` days. */
export function addDays(day: string, n: number): string {
  const { y, m, d } = utc(day);
  return iso(Date.UTC(y, m - 1, d + n));
}

/**
 * `day` plus `n` months; a day that the target month lacks becomes its last day (31/01 + 1 month
 * = 28/02 or 29/02), always counted from `day`, so 31/01 gives 31/03 two months later.
 */
export function addMonths(day: string, n: number): string {
  const { y, m, d } = utc(day);
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return iso(Date.UTC(y, m - 1 + n, Math.min(d, last)));
}

/** Occurrence number `k` (0 = the start day) of a schedule. */
export function occurrence(start: string, unit: ScheduleUnit, every: number, k: number): string {
  if (unit === 'month') return addMonths(start, k * every);
  return addDays(start, k * every * (unit === 'week' ? 7 : 1));
}

/** Days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  const x = utc(a); const y = utc(b);
  return Math.round((Date.UTC(y.y, y.m - 1, y.d) - Date.UTC(x.y, x.m - 1, x.d)) / 86_400_000);
}

/**
 * The first occurrence on or after `from` (`from` before the start gives the start), or null
 * when it would fall after `end`.
 */
export function firstOccurrenceFrom(start: string, unit: ScheduleUnit, every: number, from: string, end: string | null): string | null {
  let k = 0;
  if (from > start) {
    const days = daysBetween(start, from);
    k = unit === 'month' ? Math.max(0, Math.floor(days / 31 / every) - 1) : Math.floor(days / (every * (unit === 'week' ? 7 : 1)));
  }
  let day = occurrence(start, unit, every, k);
  while (day < from) day = occurrence(start, unit, every, ++k);
  return end !== null && day > end ? null : day;
}
