import { DUE_SOON_DAYS, daysBetween, deadlineState, nextDeadline } from './deadline';

describe('nextDeadline', () => {
  it('adds months keeping the day, or the last day of a shorter month', () => {
    expect(nextDeadline('2026-03-15', 12, 'month')).toBe('2027-03-15');
    expect(nextDeadline('2026-01-31', 1, 'month')).toBe('2026-02-28');
    expect(nextDeadline('2027-08-31', 6, 'month')).toBe('2028-02-29');
    expect(nextDeadline('2026-11-30', 3, 'month')).toBe('2027-02-28');
  });
  it('adds weeks as 7 days, across months and years', () => {
    expect(nextDeadline('2026-12-28', 1, 'week')).toBe('2027-01-04');
    expect(nextDeadline('2026-02-22', 2, 'week')).toBe('2026-03-08');
  });
  it('adds years as 12 months (29/02 becomes 28/02)', () => {
    expect(nextDeadline('2028-02-29', 1, 'year')).toBe('2029-02-28');
    expect(nextDeadline('2026-06-10', 2, 'year')).toBe('2028-06-10');
  });
});

describe('deadlineState', () => {
  const today = '2026-11-27';
  it('is overdue from the day after the deadline', () => {
    expect(deadlineState('2026-11-26', today)).toBe('overdue');
    expect(deadlineState('2026-11-27', today)).toBe('due_soon');
  });
  it(`is due soon up to ${DUE_SOON_DAYS} days before, ok one day earlier`, () => {
    expect(daysBetween(today, '2026-12-27')).toBe(30);
    expect(deadlineState('2026-12-26', today)).toBe('due_soon'); // 29 days
    expect(deadlineState('2026-12-27', today)).toBe('due_soon'); // 30 days
    expect(deadlineState('2026-12-28', today)).toBe('ok'); // 31 days
  });
  it('is unplanned without a deadline', () => {
    expect(deadlineState(null, today)).toBe('unplanned');
  });
});
