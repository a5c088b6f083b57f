import { formatRelative } from './index';

describe('formatRelative', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('says "il y a 3 minutes" in French', () => {
    expect(formatRelative(ago(180), now, 'fr')).toBe('il y a 3 minutes');
  });

  it('picks the largest fitting unit', () => {
    expect(formatRelative(ago(20), now, 'fr')).toBe('il y a 20 secondes');
    expect(formatRelative(ago(2 * 3600), now, 'fr')).toBe('il y a 2 heures');
    expect(formatRelative(ago(24 * 3600), now, 'fr')).toBe('hier');
    expect(formatRelative(ago(62 * 24 * 3600), now, 'fr')).toBe('il y a 2 mois');
    expect(formatRelative(ago(400 * 24 * 3600), now, 'fr')).toBe('l’année dernière');
  });

  it('handles future dates and other locales', () => {
    expect(formatRelative(new Date(now.getTime() + 3600_000), now, 'en')).toBe('in 1 hour');
  });
});
