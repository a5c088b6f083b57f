import { parisWallClock } from './paris-time';

/** Dates are shown DD/MM/YYYY (and HH:mm) in every locale, in the Paris time zone. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `22/11/2026`. */
export function formatDate(date: Date | string | null | undefined): string {
  if (!date) return '';
  // A calendar day (`2026-11-22`, how PostgreSQL dates are read) needs no time zone arithmetic.
  if (typeof date === 'string' && ISO_DAY.test(date)) return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  const w = parisWallClock(new Date(date));
  return `${two(w.getUTCDate())}/${two(w.getUTCMonth() + 1)}/${w.getUTCFullYear()}`;
}

/** `22/11/2026 14:05`. */
export function formatDateTime(date: Date | string | null | undefined): string {
  if (!date) return '';
  const w = parisWallClock(new Date(date));
  return `${two(w.getUTCDate())}/${two(w.getUTCMonth() + 1)}/${w.getUTCFullYear()} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}`;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600], ['month', 30 * 24 * 3600], ['day', 24 * 3600], ['hour', 3600], ['minute', 60], ['second', 1],
];

/** "il y a 3 minutes" in the given locale; units second, minute, hour, day, month, year. */
export function formatRelative(date: Date, now: Date, locale: string): string {
  const diff = Math.round((date.getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, secs] of UNITS) {
    if (Math.abs(diff) >= secs || unit === 'second') return rtf.format(Math.round(diff / secs), unit);
  }
  return rtf.format(0, 'second');
}

/** Parses `DD/MM/YYYY` (optionally ` HH:mm`); returns null when not a real date. */
export function parseFrenchDate(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y, h = '00', mi = '00'] = m;
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi));
  if (date.getUTCDate() !== +d || date.getUTCMonth() !== +mo - 1) return null;
  return date;
}
