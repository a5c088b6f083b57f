/** The units a control's frequency is typed in (seed 002: month, week, year). */
export const FREQUENCY_UNITS = ['month', 'week', 'year'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

/** A control is « bientôt dû » from this many days before its deadline (the deadline day itself included). */
export const DUE_SOON_DAYS = 30;

/** Where a control stands against its deadline: drawn red, orange, green, grey. */
export type DeadlineState = 'overdue' | 'due_soon' | 'ok' | 'unplanned';

function parse(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y, m, d];
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * The next deadline of a control: the last control date plus the frequency, on calendar dates
 * (`YYYY-MM-DD`, no time zone). Months and years keep the day of the month, or the month's last day
 * when it is shorter (31/01 + 1 month = 28/02 or 29/02; 29/02 + 1 year = 28/02).
 */
export function nextDeadline(lastControlDate: string, frequency: number, unit: FrequencyUnit): string {
  const [y, m, d] = parse(lastControlDate);
  if (unit === 'week') {
    const t = new Date(Date.UTC(y, m - 1, d + 7 * frequency));
    return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
  }
  const months = unit === 'year' ? 12 * frequency : frequency;
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Whole days from `from` to `to` (calendar dates; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [a, b, c] = parse(from);
  const [x, y, z] = parse(to);
  return Math.round((Date.UTC(x, y - 1, z) - Date.UTC(a, b - 1, c)) / 86_400_000);
}

/**
 * The state of a deadline on `today` (Paris calendar date): overdue the day after it, due soon from
 * {@link DUE_SOON_DAYS} days before it up to the day itself, ok before that, unplanned without one.
 */
export function deadlineState(deadline: string | null, today: string): DeadlineState {
  if (!deadline) return 'unplanned';
  const left = daysBetween(today, deadline);
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_DAYS ? 'due_soon' : 'ok';
}

/** Bootstrap colour of each state (badges and rows). */
export const DEADLINE_COLOURS: Record<DeadlineState, string> = {
  overdue: 'danger', due_soon: 'warning', ok: 'success', unplanned: 'secondary',
};
