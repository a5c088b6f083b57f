import type { DuDocument, DuDocumentRow } from '../core/du-document';

/** The spreadsheet's media type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The columns of the sheet, in order: translation key and the row's value. */
const COLUMNS: Array<[string, (r: DuDocumentRow) => string | number, number]> = [
  ['work_unit', (r) => r.workUnitName, 22], ['entity', (r) => r.itemName, 22], ['workstation', (r) => r.workstationName, 20],
  ['family', (r) => r.familyLabel, 22], ['risks', (r) => r.risks, 28], ['situation', (r) => r.dangerousSituation, 40],
  ['gravity', (r) => r.gravity, 12], ['probability', (r) => r.probability, 12], ['gross', (r) => r.grossRisk, 8],
  ['organisational', (r) => r.organisationalMeasures, 32], ['technical', (r) => r.technicalMeasures, 32], ['control', (r) => r.control, 12],
  ['priority', (r) => r.priorityRisk, 8], ['level', (r) => r.level, 12], ['residual', (r) => r.residualLevel, 12],
  ['frequency', (r) => r.frequency, 16], ['exposure', (r) => r.exposureModalities, 28], ['writer', (r) => r.writer, 20],
];

/** `#rrggbb` as exceljs's ARGB, or null. */
const argb = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? `FF${color.slice(1).toUpperCase()}` : null);

/**
 * The document as an xlsx workbook: one sheet of lines by work unit (most critical first), the level
 * cell in its colour, and a legend sheet. exceljs is loaded on the first export only: the server
 * starts without it.
 */
export async function duWorkbook(doc: DuDocument, t: T): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Vigie';
  const sheet = book.addWorksheet(t('du-history.xlsx.sheet'));
  sheet.columns = COLUMNS.map(([key, , width]) => ({ header: t(`du-history.columns.${key}`), key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const levelCol = COLUMNS.findIndex(([k]) => k === 'level') + 1;
  for (const g of doc.groups) {
    for (const r of g.rows) {
      const row = sheet.addRow(COLUMNS.map(([, value]) => value(r)));
      row.alignment = { vertical: 'top', wrapText: true };
      const fill = argb(r.levelColor);
      if (fill) row.getCell(levelCol).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    }
  }
  const legend = book.addWorksheet(t('du-history.xlsx.legend'));
  legend.columns = [{ width: 24 }, { width: 16 }, { width: 40 }];
  for (const kind of ['gravity', 'probability', 'control'] as const) {
    legend.addRow([t(`du-history.pdf.scale.${kind}`)]).font = { bold: true };
    for (const v of doc.scales[kind]) legend.addRow([v.label, v.valuation, v.description ?? '']);
    legend.addRow([]);
  }
  legend.addRow([t('du-history.pdf.levels')]).font = { bold: true };
  for (const l of doc.levels) {
    const row = legend.addRow([l.label, l.maxValue == null ? t('du-history.pdf.range_open', { min: l.minValue }) : t('du-history.pdf.range', { min: l.minValue, max: l.maxValue }), l.description ?? '']);
    const fill = argb(l.color);
    if (fill) row.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
