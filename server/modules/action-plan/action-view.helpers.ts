import { PENDING_STATUSES } from './action-plan.policy';

import { todayIso } from '../../kernel/clock';
export { todayIso };

/** `YYYY-MM-DD` plus `days`. */
export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * How urgent a deadline looks: `late` (past, red) or `soon` (within 7 days, orange) while the
 * assignee still has work to do; '' otherwise.
 */
export function deadlineState(status: string, deadline: string | null, today: string): 'late' | 'soon' | '' {
  if (!deadline || !PENDING_STATUSES.includes(status)) return '';
  if (deadline < today) return 'late';
  if (deadline <= addDaysIso(today, 7)) return 'soon';
  return '';
}

/** Bootstrap colour of a status badge. */
export const STATUS_COLORS: Record<string, string> = {
  DRAFT: 'secondary', WAITING: 'info', REASSIGNED: 'warning', IN_PROGRESS: 'primary', PROCESSED: 'success', CLOSED: 'dark', ABANDONED: 'light',
};

/** Bootstrap colour of a level badge. */
export const LEVEL_COLORS: Record<string, string> = { normal: 'secondary', high: 'warning', urgent: 'danger' };

/** `YYYY-MM-DD` as `DD/MM/YYYY` ('' for null). */
export function frDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10).split('-').reverse().join('/') : '';
}
