import { addDays, formatCalendarInstant, frenchDay, parseCalendarInstant, slotDays } from './calendar-dates';

describe('calendar dates (YYYY-MM-DD HH:mm, Paris)', () => {
  it('reads Paris wall-clock times, summer and winter', () => {
    expect(parseCalendarInstant('2026-06-11 09:30')!.toISOString()).toBe('2026-06-11T07:30:00.000Z');
    expect(parseCalendarInstant('2026-12-01 09:30')!.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(parseCalendarInstant('2026-06-11')!.toISOString()).toBe('2026-06-10T22:00:00.000Z');
    for (const bad of ['2026-02-30 10:00', '2026-06-11 24:00', '11/06/2026', '', undefined, 42]) expect(parseCalendarInstant(bad)).toBeNull();
  });

  it('writes instants back in Paris time', () => {
    expect(formatCalendarInstant(new Date('2026-06-11T07:30:00Z'))).toBe('2026-06-11 09:30');
    expect(formatCalendarInstant(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30');
  });

  it('follows the clock changes to the minute and agrees with Intl all year', () => {
    expect(formatCalendarInstant(new Date('2026-03-29T00:59:00Z'))).toBe('2026-03-29 01:59');
    expect(formatCalendarInstant(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00');
    expect(formatCalendarInstant(new Date('2026-10-25T00:59:00Z'))).toBe('2026-10-25 02:59');
    expect(formatCalendarInstant(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25 02:00');
    const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13 * 60_000) {
      expect(formatCalendarInstant(new Date(t))).toBe(intl.format(new Date(t)));
    }
  });

  it('turns a selected slot into its days, a midnight end being exclusive', () => {
    expect(slotDays('2026-06-08 00:00', '2026-06-10 00:00')).toEqual(['2026-06-08', '2026-06-09']);
    expect(slotDays('2026-06-08 00:00', '2026-06-09 23:59')).toEqual(['2026-06-08', '2026-06-09']);
    expect(slotDays('2026-06-08 09:00', '2026-06-08 10:00')).toEqual(['2026-06-08', '2026-06-08']);
    expect(slotDays('2026-06-08', '2026-06-09')).toEqual(['2026-06-08', '2026-06-08']);
    expect(slotDays('2026-06-08 10:00', '2026-06-01 10:00')).toEqual(['2026-06-08', '2026-06-08']);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(frenchDay('2026-06-08')).toBe('08/06/2026');
  });
});
