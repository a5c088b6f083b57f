const PARIS = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const HOUR = 3_600_000;
// Paris's offset from UTC only changes on an hour boundary: one Intl lookup per hour instead of
// one per date (a list or a calendar month formats hundreds or thousands of dates; docs/bench.md).
const offsets = new Map<number, number>();

function parisOffset(hour: number): number {
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of PARIS.formatToParts(new Date(hour * HOUR))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - hour * HOUR;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * The Paris wall-clock time of `date`, as a Date whose UTC fields (`getUTCDate()`,
 * `getUTCHours()`…) read what a clock in Paris shows. Throws a RangeError for an invalid date,
 * as Intl does.
 */
export function parisWallClock(date: Date): Date {
  const t = date.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid time value');
  return new Date(t + parisOffset(Math.floor(t / HOUR)));
}
