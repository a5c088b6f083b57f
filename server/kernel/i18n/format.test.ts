import { formatDate, formatDateTime, formatRelative, parseFrenchDate } from './format';

describe('French formats', () => {
  it('shows dates as DD/MM/YYYY in Paris time', () => {
    expect(formatDate(new Date('2026-11-22T23:30:00Z'))).toBe('23/11/2026');
    expect(formatDateTime(new Date('2026-07-01T08:05:00Z'))).toBe('01/07/2026 10:05');
    expect(formatDate(null)).toBe('');
  });
  it('agrees with Intl in Paris time every 37 minutes of a year, clock changes included', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    let checked = 0;
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 37 * 60_000) {
      expect(formatDateTime(new Date(t))).toBe(intl.format(new Date(t)).replace(',', ''));
      checked++;
    }
    expect(checked).toBeGreaterThan(14_000);
    // The night of the spring change: 01:59 UTC is 03:59 in Paris, 00:59 UTC was 01:59.
    expect(formatDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('29/03/2026 01:59');
    expect(formatDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('29/03/2026 03:00');
    expect(formatDate(new Date('2026-10-24T22:00:00Z'))).toBe('25/10/2026');
    expect(formatDate(new Date('2026-10-25T22:59:00Z'))).toBe('25/10/2026');
    expect(formatDate(new Date('2026-10-25T23:00:00Z'))).toBe('26/10/2026');
  });
  it('speaks relative time in the user locale', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatRelative(new Date('2026-11-22T11:57:00Z'), now, 'fr')).toBe('il y a 3 minutes');
    expect(formatRelative(new Date('2026-11-21T12:00:00Z'), now, 'fr')).toBe('hier');
    expect(formatRelative(new Date('2026-11-22T11:57:00Z'), now, 'de')).toBe('vor 3 Minuten');
  });
  it('parses French dates and refuses impossible ones', () => {
    expect(parseFrenchDate('29/02/2028')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(parseFrenchDate('31/02/2027')).toBeNull();
    expect(parseFrenchDate('2027-01-01')).toBeNull();
  });
});
