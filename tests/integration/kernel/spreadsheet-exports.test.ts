import ExcelJS from 'exceljs';
import type TestAgent from 'supertest/lib/agent';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { XLSX_TYPE } from '../../../server/kernel/table-export';
import { createAction } from '../../../server/modules/action-plan/action-plan.service';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { textBody } from '../../support/text-body';

/**
 * Every CSV export has an Excel twin (`<route>_xlsx`, docs/services.md « Exports CSV et Excel »):
 * same rights, same filters, same columns and rows, written by the kernel's streaming writer.
 */
let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-23T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

let seq = 0;
const company = () => `Exports ${process.pid}-${Date.now() % 1e6}-${++seq}`;
const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** A supertest parser keeping a binary download as one Buffer. */
function binary(res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

/** The CSV's lines (BOM and final CRLF removed). */
async function csvLines(agent: TestAgent, url: string): Promise<string[]> {
  const res = await agent.get(url).buffer(true).parse(textBody);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return (res.body as string).slice(1).split('\r\n').slice(0, -1);
}

/** The workbook's only sheet, opened with exceljs, after the download's headers are checked. */
async function xlsxSheet(agent: TestAgent, url: string, base: string): Promise<ExcelJS.Worksheet> {
  const res = await agent.get(url).buffer(true).parse(binary as never);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${base}-2026-11-23.xlsx"`);
  expect(res.headers['cache-control']).toBe('private, no-store');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.body as never);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0];
}

/** A sheet's rows as arrays of cell values (exceljs's row.values starts at index 1). */
function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
  return rows;
}

/** The CSV and the workbook of the same filters: same header, same number of rows; the header bold and frozen. */
async function twins(agent: TestAgent, csvUrl: string, xlsxUrl: string, base: string) {
  const lines = await csvLines(agent, csvUrl);
  const sheet = await xlsxSheet(agent, xlsxUrl, base);
  const rows = values(sheet);
  expect(rows[0]).toEqual(lines[0].split(';'));
  expect(rows).toHaveLength(lines.length);
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(10);
  return { lines, sheet, rows };
}

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('action plan: Excel beside CSV', () => {
  it('gives the filtered list with real dates and numbers, the same rows as the CSV, and a button beside the CSV one', async () => {
    const c = company();
    const manager = await makeUser(t, { company: c, roles: [], rights: ['action.view', 'action.view_all', 'action.add', 'action.assignable'] });
    const add = (input: Record<string, unknown>) => t.db.dataSource.transaction((m) => createAction(m, manager.tenantId, manager.id, { comments: 'Remplacer le garde-corps', ...input }));
    const a = await add({ comments: 'Réparer la porte; quai 1', deadline: '2031-05-20', level: 'high' });
    const b = await add({ comments: '=SOMME(A1)', deadline: '2031-01-05' });
    await add({ comments: 'Hors filtre', deadline: '2030-01-01' });
    const { agent } = await loginAs(t, manager);

    const page = await agent.get('/action-plan?deadlineFrom=01/01/2031');
    expect(page.text).toContain('href="/action-plan/export.csv?deadlineFrom=01/01/2031"');
    expect(page.text).toContain('href="/action-plan/export.xlsx?deadlineFrom=01/01/2031"');
    expect(page.text).toContain('Exporter (Excel)');

    const filter = 'deadlineFrom=01/01/2031&sort=deadline&dir=asc';
    const { lines, rows, sheet } = await twins(agent, `/action-plan/export.csv?${filter}`, `/action-plan/export.xlsx?${filter}`, 'plan-d-actions');
    expect(lines).toHaveLength(3);
    expect(rows[0][0]).toBe('N°');
    // The number is a number, the deadline a date shown DD/MM/YYYY, the text kept as typed (no formula).
    expect(rows[1].slice(0, 4)).toEqual([b, 'Brouillon', 'Normale', '=SOMME(A1)']);
    expect(rows[1][8]).toEqual(day('2031-01-05'));
    expect(rows[2][0]).toBe(a);
    expect(rows[2][3]).toBe('Réparer la porte; quai 1');
    expect(rows[2][8]).toEqual(day('2031-05-20'));
    expect(rows[2][9]).toBeUndefined();
    expect(rows[2][13]).toEqual(day('2026-11-23'));
    expect(sheet.getRow(3).getCell(9).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(3).getCell(1).numFmt).toBe('0');
    expect(lines[1].split(';').slice(8, 10)).toEqual(['05/01/2031', '']);

    // Same right as the CSV: refused without action.view.
    const nobody = await makeUser(t, { company: c, roles: [] });
    const other = (await loginAs(t, nobody)).agent;
    expect((await other.get('/action-plan/export.csv')).status).toBe(403);
    expect((await other.get('/action-plan/export.xlsx')).status).toBe(403);
  });

  it('writes an empty list as its header row alone', async () => {
    const manager = await makeUser(t, { company: company(), roles: [], rights: ['action.view', 'action.view_all'] });
    const { agent } = await loginAs(t, manager);
    const { rows } = await twins(agent, '/action-plan/export.csv', '/action-plan/export.xlsx', 'plan-d-actions');
    expect(rows).toHaveLength(1);
  });
});

describe('employees: Excel beside CSV', () => {
  it('gives every page of the filtered list, entry dates as dates', async () => {
    const c = company();
    const viewer = await makeUser(t, { company: c, rights: ['hr.view', 'hr.view_all'] });
    const emp = (last: string, extra: Record<string, unknown> = {}) => {
      const all: Record<string, unknown> = { tenant_id: viewer.tenantId, last_name: last, first_name: 'Alex', ...extra };
      return q(`INSERT INTO employee (${Object.keys(all).join(', ')}) VALUES (${Object.keys(all).map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(all));
    };
    await emp('Durand', { matricule: '00042', entry_date: '2019-03-04' });
    await emp('Albert', { matricule: 'S0001', entry_date: '2020-01-06' });
    await emp('Parti', { exit_date: '2020-12-31' });
    // More than a page of the list (500 rows per batch is the export's own page).
    await q(`INSERT INTO employee (tenant_id, last_name, first_name) SELECT $1, 'Zeta' || lpad(g::text, 3, '0'), 'Alex' FROM generate_series(1, 520) g`, [viewer.tenantId]);
    const { agent } = await loginAs(t, viewer);

    const list = await agent.get('/rh/employees?q=Durand');
    expect(list.text).toContain('href="/rh/employees/export.xlsx?presence=present&amp;q=Durand"');

    const all = await twins(agent, '/rh/employees/export.csv?presence=present', '/rh/employees/export.xlsx?presence=present', 'salaries');
    expect(all.rows).toHaveLength(1 + 522);
    expect(all.rows[1]).toEqual(['S0001', 'Albert', 'Alex', undefined, undefined, undefined, day('2020-01-06')]);
    // A matricule stays text: its leading zeros are kept.
    expect(all.rows[2].slice(0, 2)).toEqual(['00042', 'Durand']);

    const one = await twins(agent, '/rh/employees/export.csv?q=Durand', '/rh/employees/export.xlsx?q=Durand', 'salaries');
    expect(one.rows).toHaveLength(2);
    const left = await twins(agent, '/rh/employees/export.csv?presence=gone', '/rh/employees/export.xlsx?presence=gone', 'salaries');
    expect(left.rows).toHaveLength(2);
    expect(left.rows[1][7]).toEqual(day('2020-12-31'));

    const nobody = await makeUser(t, { company: c });
    const other = (await loginAs(t, nobody)).agent;
    expect((await other.get('/rh/employees/export.csv')).status).toBe(403);
    expect((await other.get('/rh/employees/export.xlsx')).status).toBe(403);
  });
});

describe('work-accident statistics: Excel beside CSV', () => {
  it('gives the year\'s table with counts and rates as numbers', async () => {
    const c = company();
    const analyst = await makeUser(t, { company: c, rights: ['hr.work_stoppages', 'hr.view_all'] });
    await q(`INSERT INTO employee (tenant_id, last_name, first_name) VALUES ($1, 'Petit', 'Arnaud')`, [analyst.tenantId]);
    await q(`INSERT INTO objective (tenant_id, type, year, value) VALUES ($1, 'TF', 2026, 900), ($1, 'TG', 2026, 5.5)`, [analyst.tenantId]);
    const { agent } = await loginAs(t, analyst);

    const page = await agent.get('/rh/statistics?year=2026');
    expect(page.text).toContain('href="/rh/statistics/export.xlsx?year=2026"');
    const { rows, lines, sheet } = await twins(agent, '/rh/statistics/export.csv?year=2026', '/rh/statistics/export.xlsx?year=2026', 'statistiques-at-2026');
    // January to November: December has not begun on 23/11/2026.
    expect(rows).toHaveLength(1 + 11);
    expect(rows[1].slice(0, 4)).toEqual(['janvier 2026', 0, 0, 0]);
    expect(typeof rows[1][4]).toBe('number');
    expect(rows[1].slice(10)).toEqual([900, 5.5]);
    expect(lines[1].split(';').slice(10)).toEqual(['900,00', '5,50']);
    expect(sheet.getRow(2).getCell(11).numFmt).toBe('0.00');
    expect(sheet.name).toBe('TF TG 2026');

    const plain = await makeUser(t, { roles: ['user'] });
    const other = (await loginAs(t, plain)).agent;
    expect((await other.get('/rh/statistics/export.csv?year=2026')).status).toBe(403);
    expect((await other.get('/rh/statistics/export.xlsx?year=2026')).status).toBe(403);
  });
});
