import { addDaysIso, addMonthsIso, isoToFrench } from './health-dates';

describe('health dates', () => {
  it('adds months, clamping the day to the end of a shorter month', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsIso('2026-03-15', 24)).toBe('2028-03-15');
    expect(addMonthsIso('2026-11-30', 3)).toBe('2027-02-28');
  });
  it('adds days across months and years', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('writes a day the French way', () => {
    expect(isoToFrench('2026-06-05')).toBe('05/06/2026');
    expect(isoToFrench(null)).toBe('');
  });
});
