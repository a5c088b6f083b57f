import { calendarDays, dayToMs } from './working-days';

/**
 * Work-accident rates (pure: no database). TF = lost-time accidents × 1 000 000 / hours worked;
 * TG = days lost × 1 000 / hours worked. Only WORK_ACCIDENT rows are given to these functions.
 */

/** A period of whole days, both ends included; `today` ends the interruptions still open. */
export interface StatsPeriod {
  from: string;
  to: string;
  today: string;
}

/** What the rates need of a work accident: its interruption (null start: no lost time). */
export interface AccidentStop {
  accidentDate: string;
  interruptionStart: string | null;
  /** Null while the interruption is still running. */
  interruptionEnd: string | null;
}

/** The rates of one period and the figures behind them. */
export interface PeriodRates {
  /** Work accidents that happened in the period. */
  accidents: number;
  /** Work accidents with at least one day of interruption in the period. */
  lostTimeAccidents: number;
  /** Calendar days of interruption inside the period. */
  daysLost: number;
  hours: number;
  /** Where the hours come from: the work time recorded, the annual-hours estimate, or both (months differ). */
  hoursSource: HoursSource;
  /** Null when there are no hours (no employee, no work time). */
  tf: number | null;
  tg: number | null;
}

/**
 * Days of interruption of an accident inside the period: calendar days of
 * [start, end] clipped to [from, to]; an open interruption runs to the period end or today,
 * whichever comes first.
 */
export function daysLostIn(stop: AccidentStop, period: StatsPeriod): number {
  if (!stop.interruptionStart) return 0;
  const openEnd = period.to < period.today ? period.to : period.today;
  const end = stop.interruptionEnd ?? openEnd;
  const from = stop.interruptionStart > period.from ? stop.interruptionStart : period.from;
  const to = end < period.to ? end : period.to;
  return calendarDays(from, to);
}

/** Number of days of a year (365 or 366). */
export function daysInYear(year: number): number {
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
}

/**
 * Hours estimated when no work time is recorded: annual hours × headcount × share of the year
 * the period covers (a period over two years takes each year's share of its own length).
 */
export function estimatedHours(annualHours: number, headcount: number, from: string, to: string): number {
  if (dayToMs(to) < dayToMs(from)) return 0;
  let share = 0;
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const start = from > `${year}-01-01` ? from : `${year}-01-01`;
    const end = to < `${year}-12-31` ? to : `${year}-12-31`;
    share += calendarDays(start, end) / daysInYear(year);
  }
  return annualHours * headcount * share;
}

/** TF: lost-time accidents × 1 000 000 / hours; null without hours. */
export function frequencyRate(lostTimeAccidents: number, hours: number): number | null {
  return hours > 0 ? (lostTimeAccidents * 1_000_000) / hours : null;
}

/** TG: days lost × 1 000 / hours; null without hours. */
export function severityRate(daysLost: number, hours: number): number | null {
  return hours > 0 ? (daysLost * 1_000) / hours : null;
}

/**
 * A part of a period (a calendar month, or the part of it inside the period) with what its hours
 * come from: the work time recorded in it, or, when none is, the estimate from the headcount.
 */
export interface HoursSlice {
  from: string;
  to: string;
  /** Σ hours worked + overtime recorded in the slice, or null when no work time is recorded in it. */
  workTimeHours: number | null;
  /** Employees present at some point of the slice. */
  headcount: number;
}

/** Hours of a period: each slice's work time when it has some, else its estimate. */
export function hoursOf(slices: HoursSlice[], annualHours: number): { hours: number; source: HoursSource } {
  let hours = 0;
  let recorded = 0;
  for (const s of slices) {
    if (s.workTimeHours !== null) { hours += s.workTimeHours; recorded++; } else hours += estimatedHours(annualHours, s.headcount, s.from, s.to);
  }
  const source: HoursSource = recorded === 0 ? 'estimate' : recorded === slices.length ? 'work_time' : 'mixed';
  return { hours, source };
}

/** Where the hours of a period come from. */
export type HoursSource = 'work_time' | 'estimate' | 'mixed';

/** The inputs of {@link periodRates}. */
export interface RatesInput {
  period: StatsPeriod;
  accidents: AccidentStop[];
  /** The months (or parts of months) making up the period. */
  slices: HoursSlice[];
  annualHours: number;
}

/** TF and TG of a period with the counts behind them. */
export function periodRates(input: RatesInput): PeriodRates {
  const { period } = input;
  let accidents = 0;
  let lostTimeAccidents = 0;
  let daysLost = 0;
  for (const a of input.accidents) {
    if (a.accidentDate >= period.from && a.accidentDate <= period.to) accidents++;
    const lost = daysLostIn(a, period);
    if (lost > 0) lostTimeAccidents++;
    daysLost += lost;
  }
  const { hours, source } = hoursOf(input.slices, input.annualHours);
  return { accidents, lostTimeAccidents, daysLost, hours, hoursSource: source, tf: frequencyRate(lostTimeAccidents, hours), tg: severityRate(daysLost, hours) };
}

/** A rate rounded to 2 decimals for display and charts (null stays null). */
export function roundRate(rate: number | null): number | null {
  return rate === null ? null : Math.round(rate * 100) / 100;
}
