import { addDays, calendarDays, easterSunday, frenchPublicHolidays, isWorkingDay, workingDaysBetween } from '../../../server/modules/hr/time/working-days';

describe('Easter and French public holidays', () => {
  it.each([[2019, '2019-04-21'], [2024, '2024-03-31'], [2025, '2025-04-20'], [2026, '2026-04-05'], [2027, '2027-03-28'], [2038, '2038-04-25']])('Easter %i is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it('lists the 11 holidays of 2026 with Easter Monday, Ascension and Whit Monday', () => {
    expect([...frenchPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01', '2026-04-06', '2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25',
      '2026-07-14', '2026-08-15', '2026-11-01', '2026-11-11', '2026-12-25',
    ]);
  });
});

describe('working days', () => {
  it('knows weekends and holidays', () => {
    expect(isWorkingDay('2026-11-23')).toBe(true); // Monday
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-22')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
  });

  it('counts Monday to Friday without holidays, both ends included', () => {
    // 04/05/2026 (Mon) to 15/05/2026 (Fri): 10 weekdays − 8 May (Fri) − Ascension 14 May (Thu) = 8.
    expect(workingDaysBetween('2026-05-04', '2026-05-15')).toBe(8);
    // One week of November 2026: 9 to 13 November, minus 11 November = 4.
    expect(workingDaysBetween('2026-11-09', '2026-11-13')).toBe(4);
    // Christmas week over the new year: 21/12/2026 to 01/01/2027 = 10 weekdays − 25/12 − 01/01 = 8.
    expect(workingDaysBetween('2026-12-21', '2027-01-01')).toBe(8);
    expect(workingDaysBetween('2026-11-21', '2026-11-22')).toBe(0);
    expect(workingDaysBetween('2026-11-23', '2026-11-20')).toBe(0);
  });

  it('counts calendar days and moves days across months and leap years', () => {
    expect(calendarDays('2026-01-30', '2026-02-02')).toBe(4);
    expect(calendarDays('2026-02-02', '2026-01-30')).toBe(0);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
