import { CHART_COLORS, NAMED_COLORS } from './palette';

describe('palettes', () => {
  it('has the 10 chart colours and the 21 named colours, all distinct hex codes', () => {
    expect(CHART_COLORS).toHaveLength(10);
    expect(new Set(CHART_COLORS).size).toBe(10);
    expect(Object.keys(NAMED_COLORS)).toHaveLength(21);
    for (const c of [...CHART_COLORS, ...Object.values(NAMED_COLORS)]) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    for (const k of ['red', 'pink', 'purple', 'light_blue', 'cyan', 'green', 'yellow', 'orange', 'black']) expect(NAMED_COLORS).toHaveProperty(k);
  });
});
