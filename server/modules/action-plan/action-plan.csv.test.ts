import { csvCell, toCsv } from './action-plan.csv';

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
