import { lastResetDay } from '../../../server/modules/hr/time/leave.service';

describe('start of the paid-leave year', () => {
  it('defaults to 1 June, the latest one not after today', () => {
    expect(lastResetDay(null, '2026-11-23')).toBe('2026-06-01');
    expect(lastResetDay(null, '2026-06-01')).toBe('2026-06-01');
    expect(lastResetDay(null, '2026-05-31')).toBe('2025-06-01');
  });

  it('takes the month and day of the employee reset date, whatever its year', () => {
    expect(lastResetDay('2019-12-01', '2026-11-23')).toBe('2025-12-01');
    expect(lastResetDay('2030-01-01', '2026-11-23')).toBe('2026-01-01');
    // 29 February: 28 February in other years.
    expect(lastResetDay('2024-02-29', '2027-03-10')).toBe('2027-02-28');
    expect(lastResetDay('2024-02-29', '2028-03-10')).toBe('2028-02-29');
  });
});
