import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, type Actor } from '../risk-evaluation/du-fixtures';
import { sites, voucher, waste } from './waste-fixtures';

/** The register of outgoing waste: a hand-computed month, its period boundaries, one site, CSV and xlsx exports. */
let t: TestApp;
let manager: Actor;
let site: { lyon: number; nantes: number };

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, ['environment.view', 'environment.manage']);
  site = await sites(t, manager.tenantId);
  const metal = await waste(t, manager, 'Ferraille', '170405');
  const oil = await waste(t, manager, 'Huiles usagées', '130205');
  const add = async (number: string, collectionDate: string, wasteId: number, weight: string, siteId = site.lyon) =>
    expect((await voucher(manager, { number, collectionDate, wasteId, weight, siteId })).status).toBe(201);
  // March 2026: 1,250 + 2,005 t of scrap metal (17 04 05), 0,750 t of oil (13 02 05*), on the first and last days.
  await add('BE-003', '31/03/2026', metal, '2,005');
  await add('BE-001', '01/03/2026', metal, '1,25');
  await add('BE-002', '15/03/2026', oil, '0,750');
  // Just outside the period, and another site inside it.
  await add('BE-000', '28/02/2026', metal, '9');
  await add('BE-004', '01/04/2026', oil, '9');
  await add('BE-N01', '10/03/2026', oil, '4,1', site.nantes);
});
afterAll(async () => { await t.close(); });

const cells = (html: string, testid: string) => new RegExp(`data-testid="${testid}">([^<]*)<`).exec(html)?.[1] ?? null;

describe('register', () => {
  it('lists the site\'s vouchers of the period in date order, with totals per code and per month written by hand', async () => {
    const res = await manager.agent.get(`/waste/register?site=${site.lyon}&from=01/03/2026&to=31/03/2026`);
    expect(res.status).toBe(200);
    const order = ['BE-001', 'BE-002', 'BE-003'].map((n) => res.text.indexOf(`>${n}<`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const absent of ['BE-000', 'BE-004', 'BE-N01']) expect(res.text).not.toContain(`>${absent}<`);
    expect(cells(res.text, 'total-code-170405')).toBe('3,255');
    expect(cells(res.text, 'total-code-130205')).toBe('0,750');
    expect(cells(res.text, 'total-month-2026-03')).toBe('4,005');
    expect(cells(res.text, 'register-total')).toBe('4,005');
    expect(res.text).toContain('13 02 05*');
  });

  it('includes the first and last day of the period and excludes the day before and after', async () => {
    const wider = await manager.agent.get(`/waste/register?site=${site.lyon}&from=28/02/2026&to=01/04/2026`);
    expect(cells(wider.text, 'register-total')).toBe('22,005');
    expect(cells(wider.text, 'total-month-2026-02')).toBe('9,000');
    const inner = await manager.agent.get(`/waste/register?site=${site.lyon}&from=02/03/2026&to=30/03/2026`);
    expect(cells(inner.text, 'register-total')).toBe('0,750');
    const allSites = await manager.agent.get('/waste/register?from=01/03/2026&to=31/03/2026');
    expect(cells(allSites.text, 'register-total')).toBe('8,105');
  });

  it('falls back to the current month on bad dates, never a 500', async () => {
    const res = await manager.agent.get('/waste/register?from=99/99/2026&to=abc&site=x');
    expect(res.status).toBe(200);
  });

  it('exports the period as CSV with the legal columns and the quantities with three decimals', async () => {
    const res = await manager.agent.get(`/waste/register.csv?site=${site.lyon}&from=01/03/2026&to=31/03/2026`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date d\'expédition;Site producteur;Nature du déchet;Code déchet;Dangereux;Quantité (t);Conditionnement;Transporteur;SIRET du transporteur;Installation destinataire;SIRET du destinataire;Numéro du bordereau');
    expect(lines.slice(1)).toEqual([
      '01/03/2026;Usine de Lyon;Ferraille;17 04 05;Non;1,250;;;;;;BE-001',
      '15/03/2026;Usine de Lyon;Huiles usagées;13 02 05;Oui;0,750;;;;;;BE-002',
      '31/03/2026;Usine de Lyon;Ferraille;17 04 05;Non;2,005;;;;;;BE-003',
    ]);
  });

  it('exports the register as an xlsx workbook with its totals sheet', async () => {
    const res = await manager.agent.get(`/waste/register.xlsx?site=${site.lyon}&from=01/03/2026&to=31/03/2026`).buffer(true)
      .parse((r, cb) => { const chunks: Buffer[] = []; r.on('data', (c: Buffer) => chunks.push(c)); r.on('end', () => cb(null, Buffer.concat(chunks))); });
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body);
    const sheet = book.getWorksheet('Registre')!;
    expect(sheet.getRow(2).getCell(12).value).toBe('BE-001');
    expect(sheet.getRow(4).getCell(6).value).toBe(2.005);
    const totals = book.getWorksheet('Totaux')!;
    const values = totals.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).filter((v) => v !== undefined));
    expect(values).toContainEqual(['17 04 05', 'fer et acier', 2, 3.255]);
    expect(values).toContainEqual(['Total', '', 3, 4.005]);
  });
});

describe('waste widget', () => {
  it('stacks the tonnes per month and per family over the last twelve months, each month leading to its register', async () => {
    const restore = useClock(new FixedClock(new Date('2026-04-15T10:00:00Z')));
    try {
      const res = await manager.agent.get('/dashboard/waste').set('X-Requested-With', 'XMLHttpRequest');
      expect(res.status).toBe(200);
      expect(res.body.labels[0]).toBe('05/2025');
      expect(res.body.labels[11]).toBe('04/2026');
      expect(res.body.series).toEqual([{ label: 'Sans famille', color: '#0d6efd', data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 8.105, 9] }]);
      expect(res.body.total).toBe(26.105);
      expect(res.body.links[10]).toBe('/waste/register?from=01%2F03%2F2026&to=31%2F03%2F2026');
    } finally {
      restore();
    }
  });
});
