import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { closePdfBrowser, renderPrintHtml } from '../../../server/kernel/pdf';
import { tenantKey } from '../../../server/kernel/storage';
import { storage as hierarchyStorage } from '../../../server/modules/hierarchy/hierarchy.uploads';
import { renderPlanPdf } from '../../../server/modules/prevention-plan/core/plan-pdf.service';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, addCompany, addStaff, createPlan } from '../plan-document/helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await closePdfBrowser();
  await t.close();
});

const q = async (sql: string, params: unknown[]) => (await t.db.dataSource.query(sql, params))[0]?.id as number;

/** A solid dark-navy RGB PNG of `width` x `height` (a logo pdfimages and the rendered page both show). */
function solidPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (buf: Buffer) => { let c = ~0; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return ~c >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0); body.copy(out, 4); out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [0x10, 0x20, 0x40]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Runs `fn` in a temporary folder holding the PDF as `doc.pdf`. */
function withPdf<T>(pdf: Buffer, fn: (dir: string, file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-pdf-layout-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    return fn(dir, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The images of page 1 as `pdfimages -list` reports them: width x height. */
const firstPageImages = (pdf: Buffer) => withPdf(pdf, (_dir, file) => execFileSync('pdfimages', ['-f', '1', '-l', '1', '-list', file], { encoding: 'utf8' })
  .split('\n').slice(2).filter(Boolean).map((line) => { const cols = line.trim().split(/\s+/); return `${cols[3]}x${cols[4]}`; }));

/** Page 1 of a PDF in grey levels at 100 dpi (`pdftoppm -gray`, a binary PGM). */
function grey(pdf: Buffer): { width: number; height: number; at(x: number, y: number): number } {
  const pgm = withPdf(pdf, (dir, file) => {
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '100', '-gray', file, path.join(dir, 'p')]);
    return fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((n) => n.endsWith('.pgm'))!));
  });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
  const [width, height, offset] = [Number(header[1]), Number(header[2]), header[0].length];
  return { width, height, at: (x, y) => pgm[offset + y * width + x] };
}

/** A plan of a site under a company root (hierarchy), with an EU and an EE with staff (tables). */
async function planOnSite() {
  const a = await actor(t, ['pdp.view', 'pdp.edit']);
  const type = await q("INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id", [a.tenantId]);
  const root = await q("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Chimie du Rhône SA', $2) RETURNING id", [a.tenantId, type]);
  const site = await q("INSERT INTO hierarchy_item (tenant_id, name, type_id, parent_id) VALUES ($1, 'Usine de Feyzin', $2, $3) RETURNING id", [a.tenantId, type, root]);
  const planId = await createPlan(t, a.tenantId, a.id, 'Remplacement des vannes du réseau vapeur');
  await t.db.dataSource.query('UPDATE prevention_plan SET hierarchy_item_id = $2 WHERE id = $1', [planId, site]);
  await addCompany(t, a.tenantId, planId, 'EU', 'Chimie du Rhône SA');
  const ee = await addCompany(t, a.tenantId, planId, 'EE', 'Électricité Durand SARL');
  await addStaff(t, a.tenantId, planId, ee, 'Martin', 'Paul');
  return { a, planId, root, site };
}

async function storeLogo(tenantId: number, itemId: number, width: number, height: number): Promise<void> {
  const bytes = solidPng(width, height);
  const key = tenantKey(tenantId, `logo-${width}.png`);
  await hierarchyStorage.put(key, bytes);
  const fileId = await q("INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, 'logo.png', 'image/png', $3) RETURNING id", [tenantId, key, bytes.length]);
  await t.db.dataSource.query('UPDATE hierarchy_item SET logo_file_id = $2 WHERE id = $1', [itemId, fileId]);
}

describe('printed plan: company logo', () => {
  it('prints no logo while the company has none, then the logo of the plan\'s site or, failing that, of its company', async () => {
    const { a, planId, root, site } = await planOnSite();
    expect(firstPageImages(await renderPlanPdf(t.db.dataSource, a.tenantId, planId))).not.toContain('240x80');

    // The company (root of the hierarchy) has a logo: the site inherits it.
    await storeLogo(a.tenantId, root, 240, 80);
    expect(firstPageImages(await renderPlanPdf(t.db.dataSource, a.tenantId, planId))).toContain('240x80');
    // The site's own logo wins over its company's.
    await storeLogo(a.tenantId, site, 300, 90);
    const images = firstPageImages(await renderPlanPdf(t.db.dataSource, a.tenantId, planId));
    expect(images).toContain('300x90');
    expect(images).not.toContain('240x80');
  });

  it('draws the logo in the top band of the first page, before the title', async () => {
    const { a, planId, root } = await planOnSite();
    await storeLogo(a.tenantId, root, 240, 80);
    const page = grey(await renderPlanPdf(t.db.dataSource, a.tenantId, planId));
    // The logo's dark navy (grey ~ 30) is a solid block: rows crossed by a long dark run (text never makes one).
    const longestRun = (y: number) => {
      let best = 0;
      let run = 0;
      for (let x = 0; x < page.width; x++) { run = page.at(x, y) < 50 ? run + 1 : 0; best = Math.max(best, run); }
      return best;
    };
    const rows = [...Array(page.height).keys()].filter((y) => longestRun(y) > 100);
    expect(rows.length).toBeGreaterThan(10);
    expect(Math.max(...rows)).toBeLessThan(page.height * 0.16);
  });
});

describe('printed plan: tables', () => {
  it('keeps the right border of its tables inside the page when a value is one long word', async () => {
    const { a, planId } = await planOnSite();
    const subject = 'REMPLACEMENTDESVANNESDURESEAUVAPEURDELUNITEDEPRODUCTIONNUMERO4BATIMENTNORD'.repeat(2);
    await t.db.dataSource.query('UPDATE prevention_plan SET subject = $2 WHERE id = $1', [planId, subject]);
    const pdf = await renderPlanPdf(t.db.dataSource, a.tenantId, planId);
    // The long subject is broken onto several lines, whole: run past the right margin, the page
    // would cut it there, with its table's right border.
    const text = withPdf(pdf, (_dir, file) => execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' }));
    expect(text.replace(/\s+/g, '')).toContain(subject);

    const page = grey(pdf);
    // Beside each line where the subject starts (cover and general table), the table's right border
    // runs down at the right margin (12 mm: x = 780 of 827 at 100 dpi). Pushed wider than the page,
    // the table would be cut there, border included.
    const bbox = withPdf(pdf, (_dir, file) => execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', file, '-'], { encoding: 'utf8' }));
    const lines = [...bbox.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">REMPLACEMENTDESVANNES/g)]
      .map((m) => ({ top: Math.floor((Number(m[1]) * 100) / 72), bottom: Math.ceil((Number(m[2]) * 100) / 72) }));
    expect(lines).toHaveLength(2);
    const bodyEnd = Math.round(page.width - (12 / 25.4) * 100);
    for (const { top, bottom } of lines) {
      const line = (x: number) => [...Array(bottom - top + 1).keys()].every((i) => page.at(x, top + i) < 248);
      expect([...Array(11).keys()].some((i) => line(bodyEnd - 5 + i))).toBe(true);
    }
  });
});

describe('print layout', () => {
  it('lays the logo in the header only when it is an inline PNG or JPEG', async () => {
    const png = `data:image/png;base64,${solidPng(4, 2).toString('base64')}`;
    const { html } = await renderPrintHtml({ title: 'Plan', companyName: 'Acme', html: '<p>x</p>', logo: png });
    expect(html).toContain(`<img class="print-logo" src="${png}" alt="Acme"`);
    for (const logo of ['https://exemple.fr/logo.png', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', null]) {
      expect((await renderPrintHtml({ title: 'Plan', companyName: 'Acme', html: '<p>x</p>', logo })).html).not.toContain('print-logo"');
    }
  });
});
