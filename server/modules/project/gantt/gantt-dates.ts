/**
 * Days of the gantt (pure, no database). The gantt shows whole Paris days: a bar runs from the
 * day of the task's start to the day of its end (an end at 00:00 belongs to the day before).
 * A move is a shift in days: the task keeps its times of day, so a task from 08:00 to 17:00
 * stays from 08:00 to 17:00 on its new days (summer time included).
 */

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

function parisWall(at: Date): { day: string; wallMs: number } {
  const p: Record<string, string> = {};
  for (const part of PARIS.formatToParts(at)) p[part.type] = part.value;
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) + (at.getTime() % 1000 + 1000) % 1000;
  return { day: `${p.year}-${p.month}-${p.day}`, wallMs: wall };
}

/** The Paris day (`YYYY-MM-DD`) of an instant. */
export function parisDay(at: Date): string {
  return parisWall(at).day;
}

/** The instant whose Paris wall clock reads `wallMs` (milliseconds of a UTC date used as wall time). */
function fromParisWall(wallMs: number): Date {
  const offsetAt = (at: number) => parisWall(new Date(at)).wallMs - at;
  const first = wallMs - offsetAt(wallMs);
  return new Date(wallMs - offsetAt(first));
}

/** Days from `a` to `b`, both `YYYY-MM-DD`. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The instant `days` Paris days after `at`, at the same Paris time of day. */
export function shiftParisDays(at: Date, days: number): Date {
  if (!days) return new Date(at.getTime());
  return fromParisWall(parisWall(at).wallMs + days * 86_400_000);
}

/** The days a bar of the gantt covers: first and last day (inclusive), `YYYY-MM-DD`. */
export function barDays(start: Date, end: Date): { start: string; end: string } {
  const last = end.getTime() > start.getTime() ? new Date(end.getTime() - 1) : start;
  return { start: parisDay(start), end: parisDay(last) };
}

/**
 * The instants of a task moved on the gantt to the days `startDay`..`endDay` (inclusive,
 * `YYYY-MM-DD`): each end shifts by the days its own bar end moved, keeping its time of day.
 */
export function movedInstants(start: Date, end: Date, startDay: string, endDay: string): { start: Date; end: Date } {
  const bar = barDays(start, end);
  return {
    start: shiftParisDays(start, daysBetween(bar.start, startDay)),
    end: shiftParisDays(end, daysBetween(bar.end, endDay)),
  };
}

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when not a real day. */
export function isoFromFrench(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  if (+y < 1900 || +y > 2200) return null;
  const probe = new Date(Date.UTC(+y, +mo - 1, +d));
  if (probe.getUTCDate() !== +d || probe.getUTCMonth() !== +mo - 1) return null;
  return `${y}-${mo}-${d}`;
}
