/**
 * Working days for paid leave: Monday to Friday, minus French public holidays (metropolitan
 * France, 11 days, Whit Monday included). Dates are calendar days `YYYY-MM-DD`, computed in UTC
 * so no time zone or daylight-saving change shifts a day.
 */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` to a UTC midnight timestamp. */
export function dayToMs(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/** A UTC timestamp to `YYYY-MM-DD`. */
export function msToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `iso` (negative: before). */
export function addDays(iso: string, n: number): string {
  return msToDay(dayToMs(iso) + n * DAY_MS);
}

/** Calendar days from `from` to `to`, both included (0 when `to` is before `from`). */
export function calendarDays(from: string, to: string): number {
  return Math.max(0, Math.round((dayToMs(to) - dayToMs(from)) / DAY_MS) + 1);
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const cache = new Map<number, Set<string>>();

/** The French public holidays of a year: 8 fixed days and Easter Monday, Ascension, Whit Monday. */
export function frenchPublicHolidays(year: number): Set<string> {
  const known = cache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].map((md) => `${year}-${md}`);
  const days = new Set([...fixed, addDays(easter, 1), addDays(easter, 39), addDays(easter, 50)]);
  cache.set(year, days);
  return days;
}

/** True on Monday to Friday when the day is not a French public holiday. */
export function isWorkingDay(iso: string): boolean {
  const weekday = new Date(dayToMs(iso)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !frenchPublicHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** Working days from `from` to `to`, both included (0 when `to` is before `from`). */
export function workingDaysBetween(from: string, to: string): number {
  let n = 0;
  for (let ms = dayToMs(from), end = dayToMs(to); ms <= end; ms += DAY_MS) if (isWorkingDay(msToDay(ms))) n++;
  return n;
}
