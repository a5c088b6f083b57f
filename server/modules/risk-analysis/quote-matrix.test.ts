import { defaultQuoteValue, findQuote, rate, severityFor, type QuoteCell, type SeverityBand } from './quote-matrix';

const levels: SeverityBand[] = [
  { id: 1, name: 'Acceptable', color: '#198754', minValue: 1, maxValue: 3 },
  { id: 2, name: 'Modéré', color: '#ffc107', minValue: 4, maxValue: 7 },
  { id: 3, name: 'Important', color: '#fd7e14', minValue: 8, maxValue: 11 },
  { id: 4, name: 'Inacceptable', color: '#dc3545', minValue: 12, maxValue: null },
];
const quotes: QuoteCell[] = [
  { id: 10, consequenceId: 1, probabilityId: 1, label: 'C1 × P1', value: 1, color: '#198754' },
  { id: 11, consequenceId: 3, probabilityId: 4, label: 'C3 × P4', value: 12, color: '#dc3545' },
];

describe('severityFor', () => {
  it('finds the level whose min/max range holds the value, bounds included', () => {
    expect(severityFor(levels, 1)?.name).toBe('Acceptable');
    expect(severityFor(levels, 3)?.name).toBe('Acceptable');
    expect(severityFor(levels, 4)?.name).toBe('Modéré');
    expect(severityFor(levels, 11)?.name).toBe('Important');
  });
  it('treats an empty maximum as open-ended', () => {
    expect(severityFor(levels, 12)?.name).toBe('Inacceptable');
    expect(severityFor(levels, 500)?.name).toBe('Inacceptable');
  });
  it('answers null outside every range', () => {
    expect(severityFor(levels, 0)).toBeNull();
    expect(severityFor([], 5)).toBeNull();
  });
  it('prefers the most specific range when ranges overlap', () => {
    const overlapping = [...levels, { id: 5, name: 'Critique', color: '#000000', minValue: 16, maxValue: null }];
    expect(severityFor(overlapping, 16)?.name).toBe('Critique');
    expect(severityFor(overlapping, 13)?.name).toBe('Inacceptable');
  });
});

describe('rate', () => {
  it('gives the quote of the consequence x probability cell and its severity colour', () => {
    const r = rate(quotes, levels, 3, 4);
    expect(r?.quote.label).toBe('C3 × P4');
    expect(r?.severity?.color).toBe('#dc3545');
  });
  it('answers null for a missing side or an empty cell', () => {
    expect(rate(quotes, levels, null, 4)).toBeNull();
    expect(rate(quotes, levels, 2, 2)).toBeNull();
    expect(findQuote(quotes, 1, null)).toBeNull();
  });
  it('proposes consequence level x probability level for a new cell', () => {
    expect(defaultQuoteValue(3, 4)).toBe(12);
  });
});
