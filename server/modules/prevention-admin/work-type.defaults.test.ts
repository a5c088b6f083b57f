import { ARRETE_1993_WORKS, DEFAULT_WORK_TYPES } from './work-type.defaults';

describe('default work types', () => {
  it('hold the 20 dangerous works of the arrêté du 19 mars 1993, all flagged dangerous, then roof works and ordinary works', () => {
    expect(ARRETE_1993_WORKS).toHaveLength(20);
    expect(ARRETE_1993_WORKS[0]).toBe('Travaux exposant à des rayonnements ionisants');
    expect(ARRETE_1993_WORKS[19]).toMatch(/soudage oxyacétylénique/);
    for (const label of ARRETE_1993_WORKS) expect(DEFAULT_WORK_TYPES.find((w) => w.label === label)).toMatchObject({ dangerous: true });
    expect(DEFAULT_WORK_TYPES.filter((w) => w.isRoofWork)).toEqual([{ label: 'Travaux en toiture', dangerous: true, weighting: 3, isRoofWork: true }]);
    expect(DEFAULT_WORK_TYPES.filter((w) => !w.dangerous).map((w) => w.label)).toContain('Nettoyage des locaux');
  });

  it('fit the column and are unique whatever the case', () => {
    for (const w of DEFAULT_WORK_TYPES) expect(w.label.length).toBeLessThanOrEqual(500);
    expect(new Set(DEFAULT_WORK_TYPES.map((w) => w.label.toLowerCase())).size).toBe(DEFAULT_WORK_TYPES.length);
  });
});
