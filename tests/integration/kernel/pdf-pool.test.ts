import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { closePdfBrowser, openPdfPages, pdfPoolStats, pdfSlots, renderPdf, tunePdfPool } from '../../../server/kernel/pdf';
import { pdfText } from '../../support/pdf';

/**
 * The PDF page pool as an operator sees it: Chromium's processes and contexts, and the PDFs
 * that come out. No timing is asserted (bench/pdf.ts measures); waits poll for a state.
 */

interface Proc { pid: number; ppid: number; args: string }

function processes(): Proc[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).trim().split('\n').map((line) => {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!;
    return { pid: Number(m[1]), ppid: Number(m[2]), args: m[3] };
  });
}

/** Chromium main processes under this test process (Debian's wrapper execs it in place). */
function browserProcesses(): Proc[] {
  return processes().filter((p) => p.ppid === process.pid && /chromium/.test(p.args) && !/--type=/.test(p.args));
}

// A test file run before this one in the same worker may have left its own browser running
// (each file has its own copy of the pool): only browsers started from this file are the pool's.
const earlier = new Set(browserProcesses().map((p) => p.pid));

/** The pool's Chromium main process. */
function browserProcess(): Proc | undefined {
  return browserProcesses().find((p) => !earlier.has(p.pid));
}

/** Every live process under `root`. */
function descendants(root: number): Proc[] {
  const all = processes().filter((p) => !/<defunct>|\[chromium\]/.test(p.args));
  const found: Proc[] = [];
  const stack = [root];
  while (stack.length) {
    const parent = stack.pop()!;
    for (const p of all) if (p.ppid === parent && !found.includes(p)) { found.push(p); stack.push(p.pid); }
  }
  return found;
}

async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`jamais atteint : ${what}`);
}

const doc = (n: number | string) => ({ title: `Registre ${n}`, companyName: 'Démo Industrie', html: `<h2>Document n° ${n}</h2><p>Contrôle des équipements, pièce ${n}.</p>` });

async function expectDoc(pdf: Buffer, n: number | string): Promise<void> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain(`Document n° ${n}`);
  expect(text).toContain(`Contrôle des équipements, pièce ${n}.`);
  expect(text).toContain(`Registre ${n}`);
  expect(text).toContain('Page 1 / 1');
}

beforeEach(async () => {
  tunePdfPool();
  await closePdfBrowser();
});
afterAll(async () => {
  tunePdfPool();
  await closePdfBrowser();
});

describe('PDF page pool', () => {
  it('prints document after document on pages kept ready, each with its own text', async () => {
    const limit = pdfSlots().limits.concurrency;
    const before = pdfPoolStats();
    for (let n = 1; n <= 8; n++) await expectDoc(await renderPdf(doc(n)), n);
    const after = pdfPoolStats();
    expect(after.launches - before.launches).toBe(1);
    // No page per document: the pool's pages only (the first, and one opened ahead of need).
    expect(after.pagesOpened - before.pagesOpened).toBeLessThanOrEqual(Math.min(2, limit));
    expect(await openPdfPages()).toBeGreaterThanOrEqual(1);
    expect(await openPdfPages()).toBeLessThanOrEqual(Math.min(2, limit));
  }, 60000);

  it('never opens more pages than the concurrency limit, however many PDFs are asked at once, and mixes no documents', async () => {
    const limit = pdfSlots().limits.concurrency;
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await openPdfPages());
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const pdfs = await Promise.all(Array.from({ length: 3 * limit + 1 }, (_, n) => renderPdf(doc(n + 1))));
    sampling = false;
    await sampler;
    for (const [i, pdf] of pdfs.entries()) await expectDoc(pdf, i + 1);
    expect(peak).toBeGreaterThanOrEqual(1);
    expect(peak).toBeLessThanOrEqual(limit);
    expect(await openPdfPages()).toBeLessThanOrEqual(limit);
    expect(pdfPoolStats().open).toBeLessThanOrEqual(limit);
  }, 60000);

  it('relaunches a browser that was killed, and the next PDF comes out', async () => {
    await expectDoc(await renderPdf(doc('avant')), 'avant');
    const first = browserProcess();
    expect(first).toBeDefined();
    const launches = pdfPoolStats().launches;
    process.kill(first!.pid, 'SIGKILL');
    await expectDoc(await renderPdf(doc('après')), 'après');
    expect(pdfPoolStats().launches).toBe(launches + 1);
    const second = browserProcess();
    expect(second?.pid).not.toBe(first!.pid);
    // The dead browser's pages are forgotten: only the new browser's are counted.
    expect(pdfPoolStats().open).toBe(await openPdfPages());
    expect(await openPdfPages()).toBeLessThanOrEqual(pdfSlots().limits.concurrency);
  }, 60000);

  it('a browser killed while it prints: that PDF still comes out, from a relaunched browser', async () => {
    await renderPdf(doc('chauffe'));
    const first = browserProcess()!;
    const rendering = renderPdf(doc('pendant'));
    // Killed as the render begins (its page lent): the render does not fail for it.
    await until('une page prêtée', () => pdfPoolStats().busy > 0);
    process.kill(first.pid, 'SIGKILL');
    await expectDoc(await rendering, 'pendant');
    expect(browserProcess()?.pid).not.toBe(first.pid);
  }, 60000);

  it('a crashed page renderer is replaced, and the next PDF comes out', async () => {
    await renderPdf(doc('chauffe'));
    // Renderers killed once every page is open (a renderer killed while its page opens makes
    // that page give up after its opening time-out instead).
    await until('pages ouvertes', () => pdfPoolStats().opening === 0);
    const browser = browserProcess()!;
    const renderers = descendants(browser.pid).filter((p) => /--type=renderer/.test(p.args) && !/--top-chrome-webui/.test(p.args));
    expect(renderers.length).toBeGreaterThanOrEqual(1);
    for (const r of renderers) process.kill(r.pid, 'SIGKILL');
    await expectDoc(await renderPdf(doc('ensuite')), 'ensuite');
    // Same browser: only the page was replaced.
    expect(browserProcess()?.pid).toBe(browser.pid);
  }, 60000);

  it('replaces a page after its last use', async () => {
    tunePdfPool({ maxUses: 2 });
    const before = pdfPoolStats().pagesOpened;
    for (let n = 1; n <= 6; n++) await expectDoc(await renderPdf(doc(n)), n);
    // Two documents per page at most: at least three pages for six documents.
    expect(pdfPoolStats().pagesOpened - before).toBeGreaterThanOrEqual(3);
    expect(await openPdfPages()).toBeLessThanOrEqual(pdfSlots().limits.concurrency);
  }, 60000);

  it('closes Chromium after its idle time, and launches it again for the next PDF', async () => {
    tunePdfPool({ idleCloseMs: 100 });
    await renderPdf(doc('matin'));
    const pid = browserProcess()!.pid;
    await until('Chromium fermé', () => !browserProcess());
    expect(descendants(pid)).toEqual([]);
    expect(await openPdfPages()).toBe(0);
    await expectDoc(await renderPdf(doc('soir')), 'soir');
  }, 60000);

  it('closePdfBrowser leaves no Chromium process behind', async () => {
    await renderPdf(doc('fin'));
    const pid = browserProcess()!.pid;
    await closePdfBrowser();
    await until('Chromium arrêté', () => !browserProcess() && descendants(pid).length === 0);
    expect(await openPdfPages()).toBe(0);
  }, 60000);

  it('starting the application loads no playwright: it is loaded on the first PDF', () => {
    const root = path.resolve(__dirname, '../../..');
    const probe = "require('./server/kernel/pdf'); require('./server/modules'); console.log(Object.keys(require.cache).filter((k) => k.includes('playwright')).length)";
    const out = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', probe], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } });
    expect(out.stderr).toBe('');
    expect(out.stdout.trim()).toBe('0');
  }, 60000);
});
