import { parisInstant } from '../../../kernel/clock';

/** Status of a formation held by an employee, on a given day. */
export type FormationStatus = 'valid' | 'expiring' | 'expired';

/** The statuses, in the order of the monitoring filter. */
export const FORMATION_STATUSES: readonly FormationStatus[] = ['valid', 'expiring', 'expired'];

/** `day` (`YYYY-MM-DD`) plus `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * `day` plus `months` calendar months; a day missing in the target month becomes its last day
 * (31/01 + 1 month = 28/02 or 29/02), so a validity never runs into the month after.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = total % 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return `${String(ty).padStart(4, '0')}-${String(tm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Where a formation held until `expiresOn` (null = permanent) stands on `today`: expired after its
 * last valid day, expiring from `alertDays` days before it, valid otherwise.
 */
export function formationStatus(expiresOn: string | null, today: string, alertDays: number): FormationStatus {
  if (expiresOn === null) return 'valid';
  if (expiresOn < today) return 'expired';
  return addDays(expiresOn, -alertDays) <= today ? 'expiring' : 'valid';
}

/** The expiry of a formation obtained on `obtainedOn`: null when permanent. */
export function expiryOf(obtainedOn: string, formation: { permanent: boolean; validityMonths: number | null }): string | null {
  if (formation.permanent || !formation.validityMonths) return null;
  return addMonths(obtainedOn, formation.validityMonths);
}

/** Reads `DD/MM/YYYY HH:mm` (or `DD/MM/YYYY`, midnight) typed in Paris as an instant; null when not a real date. */
export function parseParisDateTime(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y, h = '0', mi = '00'] = m;
  if (+y < 1900 || +y > 2200 || +h > 23 || +mi > 59) return null;
  const probe = new Date(Date.UTC(+y, +mo - 1, +d));
  if (probe.getUTCDate() !== +d || probe.getUTCMonth() !== +mo - 1) return null;
  return parisInstant(`${y}-${mo}-${d}`, `${h.padStart(2, '0')}:${mi}`);
}
