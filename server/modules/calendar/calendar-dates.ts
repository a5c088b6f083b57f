import { parisInstant } from '../../kernel/clock';
import { parisWallClock } from '../../kernel/i18n/paris-time';

/**
 * The calendar's date format (seed 000 §9): `YYYY-MM-DD HH:mm`, a Paris wall-clock time. The
 * island reads and writes these strings as local wall-clock times, so what the user sees is what
 * the server stores whatever the browser's time zone.
 */
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/** `YYYY-MM-DD HH:mm` (or `YYYY-MM-DD`, midnight) read as Paris time; null when not a real date and time. */
export function parseCalendarInstant(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const m = WALL.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  const check = new Date(Date.UTC(+y, +mo - 1, +d));
  if (check.getUTCDate() !== +d || check.getUTCMonth() !== +mo - 1 || +h > 23 || +mi > 59) return null;
  return parisInstant(`${y}-${mo}-${d}`, `${h}:${mi}`);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The instant as `YYYY-MM-DD HH:mm` in Paris. */
export function formatCalendarInstant(date: Date): string {
  const wall = parisWallClock(date);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** `YYYY-MM-DD` plus `days` days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`. */
export const frenchDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The days a selected slot covers, `[first, last]` (`YYYY-MM-DD`): a slot ending at midnight (a
 * whole-day selection of the month view, end exclusive) stops the day before.
 */
export function slotDays(start: string, end: string): [string, string] {
  const first = start.slice(0, 10);
  let last = end.slice(0, 10);
  const time = end.slice(11, 16);
  if (last > first && (time === '' || time === '00:00')) last = addDays(last, -1);
  return [first, last < first ? first : last];
}
