import type { WidgetData } from '../../server/kernel/dashboard/widget-contract';
import { formatCell, hasLinks, linkAt, toFigureModel, toTableModel } from './widget-model';

// Intl writes French thousands with a narrow no-break space.
const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('drilldown links', () => {
  it('follows only paths of this site', () => {
    const data: WidgetData = { labels: ['a', 'b', 'c', 'd', 'e'], series: [], links: ['/actions?status=WAITING', 'javascript:alert(1)', '//evil.example/x', 'https://evil.example', null] };
    expect([0, 1, 2, 3, 4, 5].map((i) => linkAt(data, i))).toEqual(['/actions?status=WAITING', null, null, null, null, null]);
    expect(hasLinks(data)).toBe(true);
    expect(hasLinks({ labels: ['a'], series: [], links: ['javascript:x'] })).toBe(false);
    expect(hasLinks({ labels: ['a'], series: [] })).toBe(false);
  });
});

describe('table widget', () => {
  it('keeps the headers, formats numbers in the locale and links the row', () => {
    const data: WidgetData = {
      labels: ['Service', 'Accidents', 'Taux'],
      series: [],
      rows: [['Maintenance', 1234, 12.345], ['Logistique', 0, null]],
      links: ['/events?service=1'],
    };
    const model = toTableModel(data, 'fr');
    expect(model.headers).toEqual(['Service', 'Accidents', 'Taux']);
    expect(model.rows.map((r) => r.cells.map(nbsp))).toEqual([['Maintenance', '1 234', '12,3'], ['Logistique', '0', '']]);
    expect(model.rows[0].numeric).toEqual([false, true, true]);
    expect(model.rows.map((r) => r.link)).toEqual(['/events?service=1', null]);
    expect(toTableModel({ ...data, rows: undefined }, 'fr').rows).toEqual([]);
  });
});

describe('figure widget', () => {
  it('shows the total, else the sum of the first series, with its caption', () => {
    expect(toFigureModel({ labels: ['Actions en retard'], series: [], total: 1500 }, 'fr')).toEqual({ value: expect.stringMatching(/^1.500$/), caption: 'Actions en retard' });
    expect(nbsp(toFigureModel({ labels: ['Jan', 'Fév'], series: [{ label: 'AT', data: [2, 3] }] }, 'en')!.value)).toBe('5');
    expect(toFigureModel({ labels: [], series: [], total: 0 }, 'fr')).toEqual({ value: '0', caption: '' });
    expect(toFigureModel({ labels: [], series: [] }, 'fr')).toBeNull();
  });

  it('formats in the user\'s locale', () => {
    expect(formatCell(1234.5, 'en')).toBe('1,234.5');
    expect(nbsp(formatCell(1234.5, 'fr'))).toBe('1 234,5');
    expect(formatCell('texte', 'fr')).toBe('texte');
  });
});
