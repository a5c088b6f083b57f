import { todayIso } from '../../../server/kernel/clock';
import { formatDate } from '../../../server/kernel/i18n/format';
import { dayPeriod, parisMidnight } from '../../../server/modules/zone-map/zone-period';

describe('Paris days', () => {
  it('starts a day at 00:00 in Paris, winter and summer', () => {
    expect(parisMidnight('2026-11-22').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(parisMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('spans whole days across a DST change, and reads back as the same days', () => {
    const p = dayPeriod('2026-03-28', '2026-03-29');
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-29T21:59:59.999Z']);
    expect([todayIso(p.start), todayIso(p.end)]).toEqual(['2026-03-28', '2026-03-29']);
    expect([formatDate(p.start), formatDate(p.end)]).toEqual(['28/03/2026', '29/03/2026']);
    const y = dayPeriod('2026-12-31', '2026-12-31');
    expect([y.start.toISOString(), y.end.toISOString()]).toEqual(['2026-12-30T23:00:00.000Z', '2026-12-31T22:59:59.999Z']);
  });
});
