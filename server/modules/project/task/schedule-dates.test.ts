import { addMonths, firstOccurrenceFrom, occurrence } from './schedule-dates';

describe('schedule dates', () => {
  it('counts months from the start day, the 31st falling back to the end of shorter months', () => {
    expect([0, 1, 2, 3, 4].map((k) => occurrence('2026-01-31', 'month', 1, k))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(occurrence('2026-11-30', 'month', 2, 1)).toBe('2027-01-30');
  });

  it('steps days and weeks', () => {
    expect(occurrence('2026-12-30', 'day', 3, 1)).toBe('2027-01-02');
    expect(occurrence('2026-03-02', 'week', 2, 2)).toBe('2026-03-30');
  });

  it('finds the first occurrence on or after a day, none past the end', () => {
    expect(firstOccurrenceFrom('2026-03-02', 'week', 1, '2026-03-03', null)).toBe('2026-03-09');
    expect(firstOccurrenceFrom('2026-03-02', 'week', 1, '2026-03-09', null)).toBe('2026-03-09');
    expect(firstOccurrenceFrom('2026-03-02', 'day', 1, '2026-01-01', null)).toBe('2026-03-02');
    expect(firstOccurrenceFrom('2026-01-31', 'month', 1, '2026-03-01', null)).toBe('2026-03-31');
    expect(firstOccurrenceFrom('2020-01-31', 'month', 1, '2026-03-01', null)).toBe('2026-03-31');
    expect(firstOccurrenceFrom('2026-03-02', 'week', 1, '2026-03-10', '2026-03-15')).toBeNull();
  });
});
