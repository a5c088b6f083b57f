import { addDaysIso, deadlineState, frDate, todayIso } from './action-view.helpers';

describe('deadline colours', () => {
  const today = '2031-04-15';
  it('is late the day after the deadline and "soon" up to 7 days ahead, for pending actions only', () => {
    expect(deadlineState('IN_PROGRESS', '2031-04-14', today)).toBe('late');
    expect(deadlineState('WAITING', '2031-04-15', today)).toBe('soon');
    expect(deadlineState('REASSIGNED', '2031-04-22', today)).toBe('soon');
    expect(deadlineState('DRAFT', '2031-04-23', today)).toBe('');
    expect(deadlineState('PROCESSED', '2031-04-01', today)).toBe('');
    expect(deadlineState('CLOSED', '2031-04-01', today)).toBe('');
    expect(deadlineState('WAITING', null, today)).toBe('');
  });

  it('counts days across months and years, and reads today in Paris', () => {
    expect(addDaysIso('2031-12-28', 7)).toBe('2032-01-04');
    expect(addDaysIso('2032-03-01', -1)).toBe('2032-02-29');
    // 23:30 UTC on 31 March is already 1 April in Paris (summer time).
    expect(todayIso(new Date('2031-03-31T23:30:00Z'))).toBe('2031-04-01');
    expect(frDate('2031-04-01')).toBe('01/04/2031');
  });
});
