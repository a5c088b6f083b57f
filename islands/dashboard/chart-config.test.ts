import { CHART_COLORS } from '../../server/kernel/palette';
import type { WidgetData } from '../../server/kernel/dashboard/widget-contract';
import { chartHeight, LABEL_WIDTH, paletteColor, toChartConfig, withAlpha, wrapLabel } from './chart-config';

const breakdown: WidgetData = { labels: ['En attente', 'En cours', 'Clôturée'], series: [{ label: 'Actions', data: [4, 2, 7] }] };
const twoSeries: WidgetData = { labels: ['Jan', 'Fév'], series: [{ label: 'Ouvertes', data: [3, 1] }, { label: 'Clôturées', data: [0, 2] }] };

// Chart.js passes (event, activeElements, chart) to onClick/onHover.
type Handler = (event: unknown, elements: Array<{ index: number }>) => void;
const optionsOf = (config: ReturnType<typeof toChartConfig>) => config.options as Record<string, any>;

describe('palette', () => {
  it('uses the 10 colours of the spec in order, then cycles', () => {
    expect(CHART_COLORS).toHaveLength(10);
    expect([0, 1, 9, 10, 11].map(paletteColor)).toEqual([CHART_COLORS[0], CHART_COLORS[1], CHART_COLORS[9], CHART_COLORS[0], CHART_COLORS[1]]);
    expect(withAlpha('#0f5f73', 0.15)).toBe('rgba(15, 95, 115, 0.15)');
  });
});

describe('toChartConfig', () => {
  it('a doughnut gives each segment its palette colour and shows the legend', () => {
    const config = toChartConfig('doughnut', breakdown, { locale: 'fr' });
    expect(config.type).toBe('doughnut');
    expect(config.data.labels).toEqual(['En attente', 'En cours', 'Clôturée']);
    expect(config.data.datasets).toHaveLength(1);
    expect(config.data.datasets[0]).toMatchObject({ label: 'Actions', data: [4, 2, 7], backgroundColor: CHART_COLORS.slice(0, 3) });
    expect(optionsOf(config).plugins.legend.display).toBe(true);
    expect(optionsOf(config).scales).toBeUndefined();
    expect(optionsOf(config).locale).toBe('fr');
  });

  it('a one-series bar chart colours each bar, hides the legend and counts in integers from zero', () => {
    const config = toChartConfig('bar', breakdown, { locale: 'fr' });
    expect(config.data.datasets[0].backgroundColor).toEqual(CHART_COLORS.slice(0, 3));
    expect(optionsOf(config).plugins.legend.display).toBe(false);
    expect(optionsOf(config).scales.y).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
  });

  it('several series get one colour each and a legend (bar and line)', () => {
    const bar = toChartConfig('bar', twoSeries, { locale: 'de' });
    expect(bar.data.datasets.map((d) => d.backgroundColor)).toEqual([CHART_COLORS[0], CHART_COLORS[1]]);
    expect(optionsOf(bar).plugins.legend.display).toBe(true);
    const line = toChartConfig('line', twoSeries, { locale: 'fr' });
    expect(line.type).toBe('line');
    expect(line.data.datasets.map((d) => (d as { borderColor?: string }).borderColor)).toEqual([CHART_COLORS[0], CHART_COLORS[1]]);
    expect(line.data.datasets[1].data).toEqual([0, 2]);
    // A plain cubic curve overshoots: between 800 and 0 a rate would dip below zero.
    expect(line.data.datasets.map((d) => (d as { cubicInterpolationMode?: string }).cubicInterpolationMode)).toEqual(['monotone', 'monotone']);
  });

  it('reports the clicked category index, and nothing for a click beside the elements', () => {
    const selected: number[] = [];
    const config = toChartConfig('bar', breakdown, { locale: 'fr', onSelect: (i) => selected.push(i) });
    const onClick = optionsOf(config).onClick as Handler;
    onClick({}, [{ index: 2 }]);
    onClick({}, []);
    expect(selected).toEqual([2]);
  });

  it('shows the hand cursor over elements only when they lead somewhere', () => {
    const canvas = { style: { cursor: '' } };
    (optionsOf(toChartConfig('doughnut', breakdown, { locale: 'fr', clickable: true })).onHover as Handler)({ native: { target: canvas } }, [{ index: 0 }]);
    expect(canvas.style.cursor).toBe('pointer');
    (optionsOf(toChartConfig('doughnut', breakdown, { locale: 'fr', clickable: true })).onHover as Handler)({ native: { target: canvas } }, []);
    expect(canvas.style.cursor).toBe('default');
    canvas.style.cursor = '';
    (optionsOf(toChartConfig('doughnut', breakdown, { locale: 'fr' })).onHover as Handler)({ native: { target: canvas } }, [{ index: 0 }]);
    expect(canvas.style.cursor).toBe('');
  });

  it('turns bars horizontal when category names are long, growing with their number', () => {
    const lists: WidgetData = { labels: ['Synthèse d\'efficacité', 'Source principale', 'EPI'], series: [{ label: 'Valeurs', data: [3, 0, 1] }] };
    const config = toChartConfig('bar', lists, { locale: 'fr' });
    expect(optionsOf(config).indexAxis).toBe('y');
    expect(optionsOf(config).scales.x).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(optionsOf(toChartConfig('bar', breakdown, { locale: 'fr' })).indexAxis).toBeUndefined();
    expect(optionsOf(toChartConfig('line', { ...lists, series: [lists.series[0]] }, { locale: 'fr' })).indexAxis).toBeUndefined();
    expect(chartHeight('bar', lists)).toBe(160);
    expect(chartHeight('bar', { labels: Array.from({ length: 10 }, (_, i) => `Catégorie numéro ${i}`), series: [] })).toBe(380);
    expect(chartHeight('doughnut', lists)).toBe(240);
  });

  it('wraps a long category name beside its bar on two lines at most, the tooltip keeping it whole', () => {
    const long = 'Travaux en hauteur avec risque de chute de plus de trois mètres';
    expect(wrapLabel('EPI')).toEqual(['EPI']);
    // At the line width: one line; one character more: two.
    expect(wrapLabel('a'.repeat(LABEL_WIDTH))).toEqual(['a'.repeat(LABEL_WIDTH)]);
    expect(wrapLabel('a'.repeat(LABEL_WIDTH + 1))).toEqual(['a'.repeat(LABEL_WIDTH), 'a']);
    expect(wrapLabel('Travaux électriques BT')).toEqual(['Travaux électriques BT']);
    const lines = wrapLabel(long);
    expect(lines).toEqual(['Travaux en hauteur', 'avec risque de chute…']);
    expect(lines.every((l) => l.length <= LABEL_WIDTH)).toBe(true);
    const data: WidgetData = { labels: [long, 'EPI'], series: [{ label: 'Plans', data: [2, 1] }] };
    const config = toChartConfig('bar', data, { locale: 'fr' });
    const tick = optionsOf(config).scales.y.ticks.callback as (value: unknown, index: number) => string[];
    expect(tick(0, 0)).toEqual(lines);
    expect(tick(1, 1)).toEqual(['EPI']);
    expect(config.data.labels).toEqual([long, 'EPI']);
    expect(chartHeight('bar', data)).toBe(160);
    expect(chartHeight('bar', { labels: Array.from({ length: 5 }, () => long), series: [] })).toBe(260);
  });

  it('does not animate for users who asked for less motion', () => {
    expect(optionsOf(toChartConfig('bar', breakdown, { locale: 'fr', reducedMotion: true })).animation).toBe(false);
    expect(optionsOf(toChartConfig('bar', breakdown, { locale: 'fr' })).animation).toEqual({ duration: 600 });
  });

  it('does not share arrays with the data it was given', () => {
    const config = toChartConfig('bar', breakdown, { locale: 'fr' });
    (config.data.labels as string[]).push('x');
    expect(breakdown.labels).toHaveLength(3);
  });
});
