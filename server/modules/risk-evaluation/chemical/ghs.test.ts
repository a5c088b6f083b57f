import { sdsOldestCurrent, sdsOutdated } from './ghs';

describe('the safety data sheet older than 3 years', () => {
  it('keeps an SDS of exactly 3 years and the day after, flags the day before', () => {
    expect(sdsOldestCurrent('2026-06-15')).toBe('2023-06-15');
    expect(sdsOutdated('2023-06-15', '2026-06-15')).toBe(false);
    expect(sdsOutdated('2023-06-16', '2026-06-15')).toBe(false);
    expect(sdsOutdated('2023-06-14', '2026-06-15')).toBe(true);
    expect(sdsOutdated(null, '2026-06-15')).toBe(false);
  });

  it('moves a 29 February back to the 28th', () => {
    expect(sdsOldestCurrent('2028-02-29')).toBe('2025-02-28');
    expect(sdsOutdated('2025-02-27', '2028-02-29')).toBe(true);
    expect(sdsOutdated('2025-02-28', '2028-02-29')).toBe(false);
  });
});
