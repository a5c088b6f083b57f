/** Periods of whole days as the zone owners compare them (pure, no database). */

const PARIS = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The instant of 00:00 in Paris on the day `iso` (`YYYY-MM-DD`). */
export function parisMidnight(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const p = Object.fromEntries(PARIS.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
  // Paris is ahead of UTC by this much at that instant (1 or 2 hours; DST never changes around midnight).
  const offset = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - guess;
  return new Date(guess - offset);
}

/**
 * A period of whole Paris days (the product's calendar days, as `todayIso`): from 00:00 of the
 * first to the last millisecond of the last, so that it compares with the instants of permits.
 * Convert back with `todayIso(date)` (the Paris day of an instant), not `toISOString()`.
 */
export function dayPeriod(start: string, end: string): { start: Date; end: Date } {
  const [y, m, d] = end.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: parisMidnight(start), end: new Date(parisMidnight(next).getTime() - 1) };
}
