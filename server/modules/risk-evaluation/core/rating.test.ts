import { injuriesOf, levelFor, possibleDamages, rangeProblem, rate } from './rating';

const LEVELS = [
  { id: 1, label: 'Faible', color: '#198754', minValue: 1, maxValue: 6 },
  { id: 2, label: 'Modéré', color: '#ffc107', minValue: 7, maxValue: 16 },
  { id: 3, label: 'Élevé', color: '#fd7e14', minValue: 17, maxValue: 32 },
  { id: 4, label: 'Critique', color: '#dc3545', minValue: 33, maxValue: null },
];

describe('rating', () => {
  it('multiplies gravity by probability, then by control, and finds the level (an empty max is open-ended)', () => {
    expect(rate(3, 2, 2, LEVELS)).toMatchObject({ grossRisk: 6, priorityRisk: 12, level: { label: 'Modéré' } });
    expect(rate(4, 4, 4, LEVELS).level?.label).toBe('Critique');
    expect(levelFor(LEVELS, 100_000)?.label).toBe('Critique');
    expect(levelFor(LEVELS, 0)).toBeNull();
    expect([6, 7, 16, 17, 32, 33].map((v) => levelFor(LEVELS, v)?.label)).toEqual(['Faible', 'Modéré', 'Modéré', 'Élevé', 'Élevé', 'Critique']);
  });

  it('accepts ranges that follow one another, refuses an overlap, a gap and a range after an open-ended one', () => {
    expect(rangeProblem(LEVELS)).toBeNull();
    expect(rangeProblem([{ label: 'A', minValue: 1, maxValue: 10 }, { label: 'B', minValue: 10, maxValue: null }])).toMatchObject({ kind: 'overlap', first: { label: 'A' }, second: { label: 'B' } });
    expect(rangeProblem([{ label: 'A', minValue: 1, maxValue: 10 }, { label: 'B', minValue: 12, maxValue: null }])).toEqual({ kind: 'gap', from: 11, to: 11 });
    expect(rangeProblem([{ label: 'A', minValue: 1, maxValue: null }, { label: 'B', minValue: 50, maxValue: 60 }])).toMatchObject({ kind: 'overlap' });
    // Given in any order.
    expect(rangeProblem([LEVELS[3], LEVELS[0], LEVELS[2], LEVELS[1]])).toBeNull();
  });

  it('joins the injuries of the chosen risks once each, in order', () => {
    expect(possibleDamages([['Entorse', 'Fracture'], ['fracture ', 'Plaie'], []])).toEqual(['Entorse', 'Fracture', 'Plaie']);
    expect(injuriesOf('Coupure\r\n\n Plaie ')).toEqual(['Coupure', 'Plaie']);
  });
});
