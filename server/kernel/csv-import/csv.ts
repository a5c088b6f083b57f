import { parse, type Options } from 'csv-parse/sync';

/** One record of a CSV file and the line of the file where it starts (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
  /** A quoted cell was still open at the end of the file. */
  unterminated?: boolean;
}

/** Decodes UTF-8 strictly (a leading BOM is dropped); null when the bytes are not valid UTF-8. */
export function decodeUtf8(buffer: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
    return text.includes('\0') ? null : text;
  } catch {
    return null;
  }
}

/** Line breaks inside a record's raw text, its own ending excluded. */
function breaksIn(raw: string): number {
  return (raw.replace(/(\r\n|\n|\r)$/, '').match(/\r\n|\n|\r/g) ?? []).length;
}

/**
 * Splits comma-separated text into records with csv-parse (RFC 4180: `"` quotes a cell, `""` is a
 * quote, a quoted cell may hold commas and line breaks; CRLF, LF and CR all end a record), each
 * with the line where it starts. Blank lines are skipped. A quote still open at the end of the
 * file does not lose the records before it: the last record comes back `unterminated`, without cells.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const blank = (cells: string[]) => cells.length === 1 && cells[0].trim() === '';
  try {
    const options: Options = {
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      raw: true,
      on_record: (found, context) => {
        const { record, raw } = found as unknown as { record: string[]; raw: string };
        if (!blank(record)) records.push({ line: context.lines - breaksIn(raw), cells: record });
        return null;
      },
    };
    parse(text, options);
  } catch (err) {
    const e = err as { code?: string; raw?: string; lines?: number };
    if (e.code !== 'CSV_QUOTE_NOT_CLOSED') throw err;
    records.push({ line: (e.lines ?? 1) - breaksIn(e.raw ?? ''), cells: [], unterminated: true });
  }
  return records;
}
