import { parseWidgetData, type WidgetData } from '../../server/kernel/dashboard/widget-contract';
import { toChartConfig } from './chart-config';

/** Counts per priority level of each group (the unique risk document's indicators): stacked bars in the levels' colours. */
const perLevel: WidgetData = {
  labels: ['Atelier usinage', 'Quais'],
  series: [{ label: 'Faible', data: [2, 0], color: '#198754' }, { label: 'Critique', data: [1, 3], color: '#dc3545' }],
  stacked: true,
};

describe('series colours and stacked bars', () => {
  it('keeps a series colour and the stacked flag, and refuses a colour that is not #rrggbb or a stacked flag that is not a boolean', () => {
    expect(parseWidgetData(perLevel)).toEqual(perLevel);
    expect(parseWidgetData({ labels: ['a'], series: [{ label: 's', data: [1] }] })).toEqual({ labels: ['a'], series: [{ label: 's', data: [1] }] });
    expect(() => parseWidgetData({ labels: ['a'], series: [{ label: 's', data: [1], color: 'red' }] })).toThrow('color must be #rrggbb');
    expect(() => parseWidgetData({ labels: ['a'], series: [{ label: 's', data: [1], color: '#12345' }] })).toThrow('color must be #rrggbb');
    expect(() => parseWidgetData({ labels: ['a'], series: [{ label: 's', data: [1] }], stacked: 'yes' })).toThrow('stacked must be a boolean');
  });

  it('draws each series in its own colour, stacked on both axes, with the legend', () => {
    const config = toChartConfig('bar', perLevel, { locale: 'fr-FR' });
    const datasets = config.data.datasets as unknown as Array<Record<string, unknown>>;
    expect(datasets.map((d) => d.backgroundColor)).toEqual(['#198754', '#dc3545']);
    const options = config.options as Record<string, any>;
    expect(options.scales.x.stacked).toBe(true);
    expect(options.scales.y.stacked).toBe(true);
    expect(options.plugins.legend.display).toBe(true);
    // Without the flag, bars stand side by side.
    const side = toChartConfig('bar', { ...perLevel, stacked: undefined }, { locale: 'fr-FR' }).options as Record<string, any>;
    expect(side.scales.x.stacked).toBeUndefined();
  });
});
