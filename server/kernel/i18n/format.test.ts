import { formatDate, formatDateTime, formatRelative, parseFrenchDate } from './format';

describe('French formats', () => {
  it('shows dates as DD/MM/YYYY in Paris time', () => {
    expect(formatDate(new Date('2026-11-22T23:30:00Z'))).toBe('23/11/2026');
    expect(formatDateTime(new Date('2026-07-01T08:05:00Z'))).toBe('01/07/2026 10:05');
    expect(formatDate(null)).toBe('');
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
