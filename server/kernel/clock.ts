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
