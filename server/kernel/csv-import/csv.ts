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

/**
 * Splits comma-separated text into records (RFC 4180: `"` quotes a cell, `""` is a quote,
 * a quoted cell may hold commas and line breaks; CRLF, LF and CR all end a record).
 * Blank lines are skipped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const push = () => {
    cells.push(cell);
    cell = '';
  };
  const end = () => {
    push();
    if (!(cells.length === 1 && cells[0].trim() === '')) records.push({ line: start, cells });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === ',') push();
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) {
    push();
    records.push({ line: start, cells, unterminated: true });
  } else if (cell !== '' || cells.length) end();
  return records;
}
