/**
 * The prevention plan PDF as a user gets it (issue 21, item 7): the real application
 * (`server/main.ts`, `NODE_ENV=production`, default heavy-work limits) on the demo company,
 * `GET /prevention-plan/{id}/pdf`. Prints the first PDF (browser launched), the p50 and max of
 * `BENCH_PDF_SEQ` PDFs one after the other, and the total time of 4 PDFs asked at once by 4
 * people (the first burst, then the median of `BENCH_PDF_BURSTS` more). Then, in this
 * process, where one render's time goes (data, template, launch, context, page, setContent,
 * page.pdf): with a fresh context per document (the kernel before its page pool), on one
 * reused page, and through `renderPdf`. `BENCH_PDF_PROFILE=0` skips that part, `only` keeps it alone.
 * Not part of `npm test`. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/pdf.ts`
 * (the `vigie_bench_pdf` database is recreated, then dropped at the end unless `BENCH_KEEP=1`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { DEMO_COMPANY, seedDemo } from '../server/cli/demo-seed';
import { createUser } from '../server/modules/identity/identity.service';
import { benchResult, freshDatabase, loginCookie } from './support';

const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const PORT = Number(process.env.BENCH_PORT ?? 3108);
const DB_NAME = 'vigie_bench_pdf';
const SEQ = Number(process.env.BENCH_PDF_SEQ ?? 10);
const BURSTS = Number(process.env.BENCH_PDF_BURSTS ?? 5);
const AT_ONCE = 4;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function start(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, 'server/main.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (/Vigie est démarré/.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server/main.ts s'est arrêté (code ${code})`)));
  });
}

async function timed(url: string, cookie: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: 'manual', headers: { cookie, 'x-forwarded-proto': 'https' } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`pas un PDF : ${res.status} ${res.headers.get('content-type')} ${body.subarray(0, 200).toString()}`);
  return ms;
}

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
const ms = (x: number): string => `${Math.round(x)} ms`;

/** The HTTP figures, measured against the real application. */
async function overHttp(url: string, users: { username: string; password: string }[], planId: number): Promise<string[]> {
  const app = await start({ DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', PORT: String(PORT), BASE_URL: `https://127.0.0.1:${PORT}` });
  try {
    const cookies: string[] = [];
    for (const u of users) cookies.push(await loginCookie(PORT, u.username, u.password, { 'x-forwarded-proto': 'https' }));
    const pdf = `http://127.0.0.1:${PORT}/prevention-plan/${planId}/pdf`;
    const first = await timed(pdf, cookies[0]);
    const seq: number[] = [];
    for (let i = 0; i < SEQ; i++) seq.push(await timed(pdf, cookies[i % cookies.length]));
    const burst = async () => {
      const t0 = performance.now();
      await Promise.all(cookies.slice(0, AT_ONCE).map((c) => timed(pdf, c)));
      return performance.now() - t0;
    };
    // The first burst is the first time two PDFs run at once (a second page may be opened).
    const firstBurst = await burst();
    const bursts: number[] = [];
    for (let i = 0; i < BURSTS; i++) bursts.push(await burst());
    benchResult('pdf', { sequentialP50: median(seq), fourAtOnce: median(bursts), first: firstBurst });
    return [
      '| mesure | durée |', '|---|---|',
      `| premier PDF (lancement de Chromium) | ${ms(first)} |`,
      `| PDF seul, p50 sur ${SEQ} (max) | ${ms(median(seq))} (${ms(Math.max(...seq))}) |`,
      `| ${AT_ONCE} PDF à la fois, total, première rafale | ${ms(firstBurst)} |`,
      `| ${AT_ONCE} PDF à la fois, total, médiane des ${BURSTS} rafales suivantes (extrêmes) | ${ms(median(bursts))} (${ms(Math.min(...bursts))} – ${ms(Math.max(...bursts))}) |`,
    ];
  } finally {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
}

/** Where one render's time goes, in this process, on the same plan. */
async function profile(url: string, planId: number, tenantId: number): Promise<string[]> {
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  const { renderPrintHtml, renderPdf, closePdfBrowser } = await import('../server/kernel/pdf');
  const planPdf = await import('../server/modules/prevention-plan/core/plan-pdf.service');
  const t0 = performance.now();
  await planPdf.renderPlanPdf(ds, tenantId, planId);
  const wholeFirst = performance.now() - t0;
  const whole: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await planPdf.renderPlanPdf(ds, tenantId, planId); whole.push(performance.now() - t); }
  // Rebuild the request as plan-pdf.service does, through its data, to time each phase.
  const { loadPlanPrint } = await import('../server/modules/prevention-plan/core/plan-pdf.data');
  const { printHelpers, printTranslator, pageFooter } = await import('../server/modules/signing/document-pdf');
  const t = printTranslator();
  const tData = performance.now();
  const data = (await loadPlanPrint(ds, tenantId, planId, t))!;
  const dataMs = performance.now() - tData;
  const request = { title: t('plan-pdf.title', { number: data.plan.pdpNumber }), companyName: data.tenantName, template: 'prevention-plan/output/plan', locals: { ...printHelpers(t), ...data }, footer: pageFooter(data.plan.pdpNumber) };
  const tHtml = performance.now();
  const { html } = await renderPrintHtml(request);
  const htmlMs = performance.now() - tHtml;
  await closePdfBrowser();
  await ds.destroy();

  // The steps of a render with a fresh context, as before the pool (playwright-core directly).
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../server/kernel/pdf/render-pdf');
  const tLaunch = performance.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const launchMs = performance.now() - tLaunch;
  const steps: Record<string, number[]> = { newContext: [], route: [], newPage: [], 'setContent load': [], 'setContent commit': [], 'page.pdf': [], 'context.close': [] };
  for (let i = 0; i < 6; i++) {
    const lap = (name: string, since: number) => { if (i > 0) steps[name].push(performance.now() - since); return performance.now(); };
    let at = performance.now();
    const context = await browser.newContext({ javaScriptEnabled: false });
    at = lap('newContext', at);
    await context.route('**/*', (r) => (r.request().url().startsWith('data:') ? r.continue() : r.abort()));
    at = lap('route', at);
    const page = await context.newPage();
    at = lap('newPage', at);
    await page.setContent(html, { waitUntil: 'load' });
    at = lap('setContent load', at);
    await page.setContent(html, { waitUntil: 'commit' });
    at = lap('setContent commit', at);
    await page.pdf({ format: 'A4', printBackground: true, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: '<span></span>', margin: { top: '20mm', bottom: '18mm', left: '12mm', right: '12mm' } });
    at = lap('page.pdf', at);
    await context.close();
    lap('context.close', at);
  }
  // The same page reused, as the pool does.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const reused: Record<string, number[]> = { 'page réutilisée : setContent load': [], 'page réutilisée : page.pdf': [] };
  for (let i = 0; i < 6; i++) {
    let at = performance.now();
    await page.setContent(html, { waitUntil: 'load' });
    if (i > 0) reused['page réutilisée : setContent load'].push(performance.now() - at);
    at = performance.now();
    await page.pdf({ format: 'A4', printBackground: true, displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: '<span></span>', margin: { top: '20mm', bottom: '18mm', left: '12mm', right: '12mm' } });
    if (i > 0) reused['page réutilisée : page.pdf'].push(performance.now() - at);
  }
  await browser.close();
  // renderPdf alone on ready HTML (pool warm when there is one).
  const direct: number[] = [];
  for (let i = 0; i < 6; i++) { const s = performance.now(); await renderPdf({ html, layout: false, title: request.title }); if (i > 0) direct.push(performance.now() - s); }
  await closePdfBrowser();
  return [
    '| étape (même processus, médiane) | durée |', '|---|---|',
    `| renderPlanPdf, premier appel | ${ms(wholeFirst)} |`,
    `| renderPlanPdf, appels suivants | ${ms(median(whole))} |`,
    `| données du plan (SQL) | ${ms(dataMs)} |`,
    `| gabarit EJS → HTML (${Math.round(html.length / 1024)} Ko) | ${ms(htmlMs)} |`,
    `| chromium.launch | ${ms(launchMs)} |`,
    ...Object.entries(steps).map(([k, v]) => `| contexte neuf : ${k} | ${ms(median(v))} |`),
    ...Object.entries(reused).map(([k, v]) => `| ${k} | ${ms(median(v))} |`),
    `| renderPdf sur HTML prêt | ${ms(median(direct))} |`,
  ];
}

async function main(): Promise<void> {
  const url = await freshDatabase(DB_NAME);
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  await runMigrations(ds);
  const accounts = await seedDemo(ds);
  const roles = accounts.find((x) => x.username === 'claire.martin')!.roles;
  // Four people who see every plan of the demo company: one PDF each in a burst (one per user at a time).
  const users = Array.from({ length: AT_ONCE }, (_, i) => ({ username: `bench.pdf${i}`, password: 'Banc-de-mesure-2026' }));
  for (const u of users) await createUser(ds, { ...u, email: `${u.username}@demo-industrie.fr`, company: DEMO_COMPANY, roles, firstName: 'Banc', lastName: u.username });
  await ds.destroy();
  const db = new Client({ connectionString: url });
  await db.connect();
  const [{ id: planId, tenant_id: tenantId }] = (await db.query('SELECT id, tenant_id FROM prevention_plan ORDER BY id LIMIT 1')).rows;
  await db.end();
  try {
    if (process.env.BENCH_PDF_PROFILE !== 'only') console.log((await overHttp(url, users, planId)).join('\n') + '\n');
    if (process.env.BENCH_PDF_PROFILE !== '0') console.log((await profile(url, planId, tenantId)).join('\n'));
  } finally {
    if (process.env.BENCH_KEEP !== '1') {
      const admin = new Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await admin.end();
    }
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
