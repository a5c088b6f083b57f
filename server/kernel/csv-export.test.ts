import { csvCell, csvNumber, toCsv } from './csv-export';

describe('CSV for French Excel', () => {
  it('separates with semicolons, quotes cells holding ; " or a line break, and ends lines with CRLF', () => {
    expect(toCsv([['12', 'Remplacer le garde-corps; quai 3', 'Dit "urgent"', 'ligne 1\nligne 2']])).toBe('12;"Remplacer le garde-corps; quai 3";"Dit ""urgent""";"ligne 1\nligne 2"\r\n');
  });

  it('neutralises cells Excel would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('-3')).toBe("'-3");
    expect(csvCell('Échafaudage')).toBe('Échafaudage');
  });
});

describe('numbers for French Excel', () => {
  it('writes a decimal comma with the asked decimals, and nothing for a missing value', () => {
    expect(csvNumber(828.4712)).toBe('828,47');
    expect(csvNumber(5.8, 2)).toBe('5,80');
    expect(csvNumber(1365, 0)).toBe('1365');
    expect(csvNumber(null)).toBe('');
  });
});
