import list from '../../../server/modules/waste/core/ced-codes.fr.json';
import { wasteCodeRows } from '../../../server/modules/waste/core/ced-codes';

/**
 * Entries of the European waste list (décision 2000/532/CE as amended by 2014/955/UE, consolidated text):
 * six-digit entries and hazardous entries per chapter, counted on the annex. 842 entries, 408 hazardous.
 */
const OFFICIAL: Record<string, [entries: number, hazardous: number]> = {
  '01': [24, 7], '02': [38, 1], '03': [19, 6], '04': [21, 4], '05': [24, 14], '06': [48, 29], '07': [78, 60],
  '08': [38, 17], '09': [13, 8], '10': [173, 69], '11': [27, 17], '12': [23, 13], '13': [34, 34], '14': [5, 5],
  '15': [12, 3], '16': [72, 44], '17': [38, 16], '18': [16, 7], '19': [99, 40], '20': [40, 14],
};

/** Chapter numbers in order (`Object.keys` would put the integer-like `10`…`20` before `01`). */
const CHAPTERS = Object.keys(OFFICIAL).sort();
const rows = wasteCodeRows();
const entries = rows.filter((r) => r.level === 3);

describe('European waste list (ced-codes.fr.json)', () => {
  it('holds 842 six-digit entries of which 408 are hazardous', () => {
    expect(entries).toHaveLength(842);
    expect(entries.filter((r) => r.hazardous)).toHaveLength(408);
  });

  it.each(Object.entries(OFFICIAL))('chapter %s has its official count of entries and hazardous entries', (chapter, [total, hazardous]) => {
    const mine = entries.filter((r) => r.code.startsWith(chapter));
    expect([mine.length, mine.filter((r) => r.hazardous).length]).toEqual([total, hazardous]);
  });

  it('declares every chapter complete, with its title', () => {
    expect(list.complete_chapters).toEqual(CHAPTERS);
    expect(rows.filter((r) => r.level === 1).map((r) => r.code)).toEqual(CHAPTERS);
  });

  it('puts every row under an existing parent, once, with a label and only digits', () => {
    const codes = new Set(rows.map((r) => r.code));
    expect(codes.size).toBe(rows.length);
    expect(rows.filter((r) => !/^(\d{2}){1,3}$/.test(r.code) || !r.label.trim())).toEqual([]);
    expect(rows.filter((r) => r.parentCode !== null && !codes.has(r.parentCode))).toEqual([]);
    expect(rows.filter((r) => r.parentCode === null).map((r) => r.code)).toEqual(CHAPTERS);
  });

  it('marks only six-digit entries hazardous, as the official list does', () => {
    expect(rows.filter((r) => r.hazardous && r.level !== 3)).toEqual([]);
    expect(rows.find((r) => r.code === '010304')).toMatchObject({ hazardous: true, parentCode: '0103' });
    expect(rows.find((r) => r.code === '191212')).toMatchObject({ hazardous: false });
    expect(rows.find((r) => r.code === '101401')).toMatchObject({ hazardous: true });
  });
});
