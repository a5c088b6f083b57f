/**
 * What the browser waits for, measured in Debian's Chromium (playwright-core, never a downloaded
 * browser) against the real application (`server/main.ts`, `NODE_ENV=production`) on a
 * throw-away database filled with the demo (`vigie_bench_browser`), logged in as a
 * super-administrator:
 *
 * - modals: from the `click` event to Bootstrap's `shown.bs.modal`, page already loaded (warm
 *   HTTP cache), the fragment not fetched yet; p50 / p90 over `BENCH_MODAL_RUNS` clicks (10), in
 *   two ways: a click straight away (the pointer arrives and presses at once, as a script does),
 *   and a click after the pointer rested `BENCH_HOVER_MS` (150 ms) on the link, as a hand does;
 * - pages: the JS and CSS each page loads (cold cache), their gzip size (computed here with zlib
 *   on the bytes received, whatever the server's own compression), and what of it the page did
 *   not run or apply (Chromium's coverage: JS blocks never executed, CSS rules never matched),
 *   after the page settled and was scrolled to its end; and whether chart.js came before the
 *   scroll.
 *
 * Not part of `npm test`. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/browser.ts`
 * (`BENCH_NO_BUILD=1` skips the client build; `BENCH_KEEP=1` keeps the database).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { DEMO_COMPANY, seedDemo } from '../server/cli/demo-seed';
import { createUser } from '../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../server/modules/identity/roles';
import { benchResult, freshDatabase, loginCookie } from './support';

const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const DB_NAME = 'vigie_bench_browser';
const PASSWORD = 'Banc-de-mesure-2026';
const RUNS = Number(process.env.BENCH_MODAL_RUNS ?? 10);
const HOVER_MS = Number(process.env.BENCH_HOVER_MS ?? 150);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function start(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (ready.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`${script} s'est arrêté (code ${code})`)));
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const fr = (n: number, digits = 0) => n.toFixed(digits).replace('.', ',');
const kb = (bytes: number) => fr(bytes / 1024, bytes < 10_240 ? 1 : 0);
const gzipSize = (body: Buffer | string) => zlib.gzipSync(body).length;

/** The demo's ids the cases need (first of each kind in the demo company). */
async function demoIds(url: string, tenantId: number): Promise<{ plan: number; employee: number }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const one = async (sql: string) => ((await db.query(sql, [tenantId])).rows[0]?.id as number | undefined) ?? 0;
  const ids = {
    plan: await one('SELECT id FROM prevention_plan WHERE tenant_id = $1 ORDER BY id LIMIT 1'),
    employee: await one('SELECT id FROM employee WHERE tenant_id = $1 ORDER BY id LIMIT 1'),
  };
  await db.end();
  return ids;
}

/** Bytes of `source` that ran, from V8's block coverage (innermost range wins). */
function usedJsBytes(source: string, functions: Array<{ ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>): number {
  const ranges = functions.flatMap((f) => f.ranges);
  // Ranges nest without crossing: outer first, then inner ones override their slice.
  ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const used = new Uint8Array(source.length);
  for (const r of ranges) used.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
  let total = 0;
  for (let i = 0; i < used.length; i++) total += used[i];
  return total;
}

/** One loaded file: its name in the build, raw and gzip sizes, and the part the page never used. */
interface Loaded {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  unusedRaw: number;
  /** gzip size times the unused fraction. */
  unusedGzip: number;
}

/** Loads `url` in a fresh context (cold cache) and reports its JS and CSS. */
async function pageWeight(browser: Browser, cookies: Parameters<BrowserContext['addCookies']>[0], url: string): Promise<{ files: Loaded[]; chartBeforeScroll: boolean; chartAfterScroll: boolean; requests: string[] }> {
  const context = await browser.newContext({ bypassCSP: true, extraHTTPHeaders: { 'x-forwarded-proto': 'https' } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const bodies = new Map<string, Buffer>();
  const requests: string[] = [];
  page.on('response', (response) => {
    const u = new URL(response.url());
    if (!u.pathname.startsWith('/build/')) return;
    requests.push(u.pathname);
    if (/\.(js|css)$/.test(u.pathname)) void response.body().then((b) => bodies.set(u.pathname, b), () => undefined);
  });
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.coverage.startCSSCoverage({ resetOnNavigation: false });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.dataset.vigieReady === '1');
  await page.waitForLoadState('networkidle');
  const chartBeforeScroll = requests.some((r) => /chart-setup|chart\.js|chart-[A-Za-z0-9_-]+\.js/.test(r));
  // Scroll to the end in steps, so every island observed for visibility mounts.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const chartAfterScroll = requests.some((r) => /chart-setup|chart\.js|chart-[A-Za-z0-9_-]+\.js/.test(r));
  const js = await page.coverage.stopJSCoverage();
  const css = await page.coverage.stopCSSCoverage();
  const files: Loaded[] = [];
  for (const entry of js) {
    const p = new URL(entry.url, 'http://x').pathname;
    if (!p.startsWith('/build/')) continue;
    const source = entry.source ?? bodies.get(p)?.toString('utf8') ?? '';
    const raw = Buffer.byteLength(source);
    const gz = gzipSize(source);
    const unused = source.length ? 1 - usedJsBytes(source, entry.functions) / source.length : 0;
    files.push({ file: p.replace(/^\/build\/assets\//, ''), kind: 'js', raw, gzip: gz, unusedRaw: Math.round(raw * unused), unusedGzip: Math.round(gz * unused) });
  }
  for (const entry of css) {
    const p = new URL(entry.url, 'http://x').pathname;
    if (!p.startsWith('/build/')) continue;
    const text = entry.text ?? '';
    const used = entry.ranges.reduce((s, r) => s + (r.end - r.start), 0);
    const raw = Buffer.byteLength(text);
    const gz = gzipSize(text);
    const unused = text.length ? 1 - used / text.length : 0;
    files.push({ file: p.replace(/^\/build\/assets\//, ''), kind: 'css', raw, gzip: gz, unusedRaw: Math.round(raw * unused), unusedGzip: Math.round(gz * unused) });
  }
  await context.close();
  return { files, chartBeforeScroll, chartAfterScroll, requests };
}

/** Marks of one modal opening, read in the page. */
interface Marks { click: number; shown: number }

/**
 * Opens the modal of `selector` on `url` RUNS times (each after a reload: warm cache, fresh
 * page) and returns the click → shown delays, in ms.
 */
async function modalTimes(page: Page, url: string, selector: string, hoverMs: number): Promise<number[]> {
  const shown: number[] = [];
  await page.goto(url);
  for (let i = 0; i < RUNS + 2; i++) {
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.vigieReady === '1');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const w = window as unknown as { __marks: Marks };
      w.__marks = { click: 0, shown: 0 };
      window.addEventListener('click', (e) => { if (!w.__marks.click) w.__marks.click = e.timeStamp; }, true);
      document.addEventListener('shown.bs.modal', () => { if (!w.__marks.shown) w.__marks.shown = performance.now(); });
    });
    const link = page.locator(selector).first();
    await link.scrollIntoViewIfNeeded();
    if (hoverMs > 0) {
      await link.hover();
      await page.waitForTimeout(hoverMs);
    }
    await link.click();
    await page.waitForFunction(() => (window as unknown as { __marks: Marks }).__marks.shown > 0, undefined, { timeout: 10_000 });
    const marks = await page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
    if (i < 2) continue;
    shown.push(marks.shown - marks.click);
  }
  return shown;
}

async function main(): Promise<void> {
  if (!process.env.BENCH_NO_BUILD) {
    const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build a échoué');
  }
  const url = await freshDatabase(DB_NAME);
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  await runMigrations(ds);
  await ensureSystemRoles(ds);
  await seedDemo(ds);
  const admin = await createUser(ds, { username: 'bench.admin', password: PASSWORD, email: 'bench.admin@example.fr', roles: ['super_admin'], company: DEMO_COMPANY, firstName: 'Banc', lastName: 'Mesure' });
  await ds.destroy();
  const ids = await demoIds(url, admin.tenantId);

  const port = 3900 + Math.floor(Math.random() * 100);
  const env = { DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${port}`, PORT: String(port) };
  const app = await start('server/main.ts', env, /Vigie est démarré/);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const proto = { 'x-forwarded-proto': 'https' };
    const cookieHeader = await loginCookie(port, 'bench.admin', PASSWORD, proto);
    const cookies = cookieHeader.split('; ').map((c) => {
      const [name, ...rest] = c.split('=');
      return { name, value: rest.join('='), domain: '127.0.0.1', path: '/', secure: false, httpOnly: true };
    });
    const base = `http://127.0.0.1:${port}`;

    const pages: Array<[string, string]> = [
      ['accueil', '/'],
      ['plan d\'actions (liste, graphique en tête)', '/action-plan'],
      ['calendrier', '/calendar'],
      ['statistiques RH (graphiques)', `/rh/statistics?year=${new Date().getFullYear()}`],
      ['fiche d\'un plan de prévention', `/prevention-plan/${ids.plan}`],
      ['fiche d\'un salarié', `/rh/employees/${ids.employee}`],
    ];
    console.log(`\nPoids par page (cache froid ; gzip calculé ici ; « non utilisé » : couverture Chromium après défilement jusqu'en bas) :\n`);
    console.log('| page | JS chargé (gzip) | JS non exécuté (gzip) | CSS chargé (gzip) | CSS non appliqué (gzip) | chart.js avant défilement | après | fichiers |');
    console.log('|---|---|---|---|---|---|---|---|');
    const details: string[] = [];
    for (const [label, p] of pages) {
      const w = await pageWeight(browser, cookies, base + p);
      const sum = (kind: 'js' | 'css', key: keyof Loaded) => w.files.filter((f) => f.kind === kind).reduce((s, f) => s + (f[key] as number), 0);
      benchResult(`page_${p}`, { label, jsKb: sum('js', 'gzip') / 1024, unusedJsKb: sum('js', 'unusedGzip') / 1024, cssKb: sum('css', 'gzip') / 1024 });
      console.log(`| ${label} | ${kb(sum('js', 'gzip'))} Ko | ${kb(sum('js', 'unusedGzip'))} Ko | ${kb(sum('css', 'gzip'))} Ko | ${kb(sum('css', 'unusedGzip'))} Ko | ${w.chartBeforeScroll ? 'oui' : 'non'} | ${w.chartAfterScroll ? 'oui' : 'non'} | ${w.files.length} |`);
      details.push(`${label} (${p}) :\n` + w.files.map((f) => `    ${f.kind} ${f.file.padEnd(36)} ${kb(f.raw).padStart(5)} Ko brut, ${kb(f.gzip).padStart(5)} Ko gzip, non utilisé ${fr(f.unusedRaw * 100 / Math.max(1, f.raw))} % (~${kb(f.unusedGzip)} Ko gzip)`).join('\n'));
    }
    console.log('\nDétail :\n' + details.join('\n'));

    const context = await browser.newContext({ bypassCSP: true, extraHTTPHeaders: proto, viewport: { width: 1400, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const modals: Array<[string, string, string]> = [
      ['nouvelle action (/action-plan)', '/action-plan', '[data-testid="action-add"]'],
      ['modifier un salarié (fiche salarié)', `/rh/employees/${ids.employee}`, `a[data-modal][href="/rh/employees/${ids.employee}/edit"]`],
      ['première modale de la fiche d\'un plan', `/prevention-plan/${ids.plan}`, 'main a[data-modal]'],
    ];
    console.log(`\nModales : du clic à shown.bs.modal, page chaude, ${RUNS} ouvertures (chacune après un rechargement) :\n`);
    console.log(`| modale | clic direct p50 | p90 | après ${HOVER_MS} ms de survol p50 | p90 |`);
    console.log('|---|---|---|---|---|');
    const directAll: number[] = [];
    for (const [label, p, selector] of modals) {
      const direct = await modalTimes(page, base + p, selector, 0);
      const hovered = await modalTimes(page, base + p, selector, HOVER_MS);
      directAll.push(...direct);
      const f = (v: number) => `${fr(v)} ms`;
      console.log(`| ${label} | ${f(percentile(direct, 50))} | ${f(percentile(direct, 90))} | ${f(percentile(hovered, 50))} | ${f(percentile(hovered, 90))} |`);
    }
    benchResult('modal', { p50: percentile(directAll, 50), p90: percentile(directAll, 90) });
    await context.close();
  } finally {
    await browser.close();
    const exited = new Promise((resolve) => app.once('exit', resolve));
    app.kill('SIGINT');
    await exited;
  }
  if (process.env.BENCH_KEEP) {
    console.log(`Base conservée : ${url}`);
  } else {
    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    await db.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await db.end();
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
