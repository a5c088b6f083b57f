import { barDays, daysBetween, isoFromFrench, movedInstants, parisDay, shiftParisDays } from './gantt-dates';

describe('gantt days', () => {
  it('reads the Paris day of an instant, late evening UTC included', () => {
    expect(parisDay(new Date('2026-12-07T23:30:00Z'))).toBe('2026-12-08');
    expect(parisDay(new Date('2026-07-07T21:59:00Z'))).toBe('2026-07-07');
    expect(parisDay(new Date('2026-07-07T22:00:00Z'))).toBe('2026-07-08');
  });

  it('draws a bar from the start day to the day of the end, an end at midnight belonging to the day before', () => {
    expect(barDays(new Date('2026-12-07T07:00:00Z'), new Date('2026-12-09T16:00:00Z'))).toEqual({ start: '2026-12-07', end: '2026-12-09' });
    expect(barDays(new Date('2026-12-06T23:00:00Z'), new Date('2026-12-08T23:00:00Z'))).toEqual({ start: '2026-12-07', end: '2026-12-08' });
    expect(barDays(new Date('2026-12-07T07:00:00Z'), new Date('2026-12-07T07:00:00Z'))).toEqual({ start: '2026-12-07', end: '2026-12-07' });
  });

  it('shifts by Paris days keeping the time of day across summer time', () => {
    // 08:00 in Paris on Friday 27/03/2026 (UTC+1) -> 08:00 on Monday 30/03/2026 (UTC+2).
    expect(shiftParisDays(new Date('2026-03-27T07:00:00Z'), 3).toISOString()).toBe('2026-03-30T06:00:00.000Z');
    expect(shiftParisDays(new Date('2026-03-30T06:00:00Z'), -3).toISOString()).toBe('2026-03-27T07:00:00.000Z');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
  });

  it('moves a task to new days keeping its hours, and stretches it when only the end moves', () => {
    const start = new Date('2026-12-07T07:00:00Z'); // 08:00 Paris
    const end = new Date('2026-12-09T16:30:00Z'); // 17:30 Paris
    expect(movedInstants(start, end, '2026-12-14', '2026-12-16')).toEqual({ start: new Date('2026-12-14T07:00:00Z'), end: new Date('2026-12-16T16:30:00Z') });
    expect(movedInstants(start, end, '2026-12-07', '2026-12-11')).toEqual({ start, end: new Date('2026-12-11T16:30:00Z') });
    // A task ending at midnight keeps ending at midnight after its last day.
    const midnight = movedInstants(new Date('2026-12-06T23:00:00Z'), new Date('2026-12-08T23:00:00Z'), '2026-12-10', '2026-12-11');
    expect(midnight).toEqual({ start: new Date('2026-12-09T23:00:00Z'), end: new Date('2026-12-11T23:00:00Z') });
  });

  it('reads DD/MM/YYYY days and refuses impossible ones', () => {
    expect(isoFromFrench('07/12/2026')).toBe('2026-12-07');
    expect(isoFromFrench('31/02/2026')).toBeNull();
    expect(isoFromFrench('2026-12-07')).toBeNull();
    expect(isoFromFrench('7/12/2026')).toBeNull();
  });
});
