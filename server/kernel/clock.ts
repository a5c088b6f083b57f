/** A source of the current time that tests can move. */
export interface Clock {
  now(): Date;
}

class SystemClock implements Clock {
  now(): Date { return new Date(); }
}

/** A clock frozen at a given instant, moved by hand in tests. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date { return new Date(this.current.getTime()); }
  set(date: Date): void { this.current = new Date(date.getTime()); }
  advance(ms: number): void { this.current = new Date(this.current.getTime() + ms); }
}

let active: Clock = new SystemClock();

/** The clock every time rule reads. */
export const clock: Clock = { now: () => active.now() };

/** Replaces the clock (tests); returns a function that restores the system clock. */
export function useClock(replacement: Clock): () => void {
  active = replacement;
  return () => { active = new SystemClock(); };
}

/** Today's date in Paris as `YYYY-MM-DD` (deadlines, delegations and event dates are Paris days), read from `clock`. */
export function todayIso(now: Date = clock.now()): string {
  return PARIS_DAY.format(now);
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

const PARIS = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function parisOffset(at: number): number {
  const p: Record<string, number> = {};
  for (const part of PARIS.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000;
}

/** The instant of `day` (`YYYY-MM-DD`) at `time` (`HH:MM`) in Paris (wall-clock times typed in forms). */
export function parisInstant(day: string, time: string): Date {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - parisOffset(wall);
  return new Date(wall - parisOffset(first));
}
