import { decodeUtf8, parseCsv } from '../../../server/kernel/csv-import/csv';

describe("CSV reading shared by the imports", () => {
  it('splits RFC 4180 records with quotes, doubled quotes, commas and line breaks in cells', () => {
    const text = 'a,b,c\r\n"x, y","he said ""hi""",z\n\n"multi\nline",2,3\rlast,,';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'he said "hi"', 'z'] },
      { line: 4, cells: ['multi\nline', '2', '3'] },
      { line: 6, cells: ['last', '', ''] },
    ]);
  });

  it('flags a quote left open at the end of the file', () => {
    expect(parseCsv('h\n"open,1\n2')).toEqual([{ line: 1, cells: ['h'] }, { line: 2, cells: [], unterminated: true }]);
    expect(parseCsv('h\n\nok,1\r\n"open\n2')).toEqual([{ line: 1, cells: ['h'] }, { line: 3, cells: ['ok', '1'] }, { line: 4, cells: [], unterminated: true }]);
  });

  it('drops a UTF-8 BOM and refuses bytes that are not UTF-8', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFprénom', 'utf8'))).toBe('prénom');
    expect(decodeUtf8(Buffer.from('pr\xe9nom', 'latin1'))).toBeNull();
    expect(decodeUtf8(Buffer.from([0x61, 0x00, 0x62]))).toBeNull();
  });
});
