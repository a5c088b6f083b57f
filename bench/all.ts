/**
 * Every measure of issue 21 in one command: builds each benchmark's data, runs it, and prints one
 * table with the goal beside each figure. Each benchmark prints `BENCH_RESULT {json}` lines
 * (`benchResult` in bench/support.ts); this script runs them one after the other, shows their
 * own output, and collects those lines. The figures are also written to
 * `var/bench/last.json` for docs/bench.md. Not part of `npm test` (about 15 minutes).
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:all`
 * (`-- --only action-list,pdf` runs some steps only).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { RESULT_PREFIX } from './support';

const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** One benchmark script and its arguments. */
interface Step { key: string; script: string; args: string[] }

const STEPS: Step[] = [
  { key: 'start', script: 'bench/start.ts', args: ['--runs', '5', '--cmd', 'node dist/server/main.js'] },
  { key: 'action-list', script: 'bench/action-list/run.ts', args: [] },
  { key: 'long-works', script: 'bench/long-works.ts', args: ['2000', '20000', '100000'] },
  { key: 'hr-calendar', script: 'bench/hr-calendar.ts', args: [] },
  { key: 'pdf', script: 'bench/pdf.ts', args: [] },
  { key: 'browser', script: 'bench/browser.ts', args: [] },
];

type Result = Record<string, number | string> & { name: string };

function run(step: Step): Promise<{ code: number; results: Result[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX, step.script, ...step.args], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
    const results: Result[] = [];
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(RESULT_PREFIX)) results.push(JSON.parse(line.slice(RESULT_PREFIX.length)));
        else process.stdout.write(`  ${line}\n`);
      }
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, results }));
  });
}

/** A row of the final table: what, the figure, the goal, and whether it is met (null: no goal). */
interface Row { what: string; value: string; goal: string; met: boolean | null }

const ms = (n: unknown) => (typeof n === 'number' ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : '—');
const mb = (n: unknown) => (typeof n === 'number' ? `${n.toFixed(0)} Mo` : '—');
const kb = (n: unknown) => (typeof n === 'number' ? `${n.toFixed(1)} Ko` : '—');

/** Turns the collected results into the table's rows, each with its goal. */
export function rowsOf(results: Result[]): Row[] {
  const by = new Map(results.map((r) => [r.name, r]));
  const rows: Row[] = [];
  const num = (name: string, field: string): number | undefined => {
    const v = by.get(name)?.[field];
    return typeof v === 'number' ? v : undefined;
  };
  const goal = (what: string, value: number | undefined, show: (n: unknown) => string, text: string, ok: (n: number) => boolean) =>
    rows.push({ what, value: show(value), goal: text, met: value === undefined ? null : ok(value) });

  goal('Plan d\'actions, débit / serveur nu (16 connexions)', num('action_list', 'ratio'), (n) => (typeof n === 'number' ? n.toFixed(2) : '—'), '≥ 0,75 (visé 0,9)', (n) => n >= 0.75);
  goal('Plan d\'actions, p99 / p99 du serveur nu', num('action_list', 'p99Ratio'), (n) => (typeof n === 'number' ? n.toFixed(1) : '—'), '≤ 4', (n) => n <= 4);
  goal('Plan d\'actions, HTML de 50 lignes', num('action_list', 'htmlKb'), kb, '< 40 Ko', (n) => n < 40);
  goal('Événements, p99 (16 connexions)', num('event_list', 'p99'), ms, '—', () => true);
  goal('Mémoire après le démarrage', num('memory', 'afterStartMb'), mb, '—', () => true);
  goal('Mémoire au plus fort de la charge', num('memory', 'peakMb'), mb, '≤ 150 Mo', (n) => n <= 150);
  goal('Calendrier, mois (JSON), p50', num('calendar_month', 'p50'), ms, '—', () => true);
  goal('Calendrier, mois, mémoire sous 16 connexions', num('calendar_month_load', 'peakRssMb'), mb, '≤ 150 Mo', (n) => n <= 150);
  const base = num('plans_2000', 'listPage');
  for (const size of [2000, 20000, 100000]) {
    const list = num(`plans_${size}`, 'listPage');
    const page = num(`plans_${size}`, 'planPage');
    goal(`Liste des plans, ${size} plans (cas dense)`, list, ms, 'plate (≤ 2 × à 2 000)', (n) => base === undefined || n <= 2 * base);
    goal(`Fiche d'un plan, ${size} plans`, page, ms, 'plate', () => true);
  }
  goal('PDF d\'un plan, un à la fois (p50)', num('pdf', 'sequentialP50'), ms, '≤ 300 ms', (n) => n <= 300);
  goal('PDF d\'un plan, 4 à la fois (total)', num('pdf', 'fourAtOnce'), ms, '≤ 1 000 ms', (n) => n <= 1000);
  goal('Démarrage jusqu\'au premier 200', num('start', 'ms'), ms, '≤ 1 000 ms', (n) => n <= 1000);
  goal('Mémoire du serveur démarré', num('start', 'rssMb'), mb, '—', () => true);
  goal('Modale visible après le clic (p50)', num('modal', 'p50'), ms, '≤ 200 ms', (n) => n <= 200);
  for (const r of results.filter((x) => x.name.startsWith('page_'))) {
    const unused = typeof r.unusedJsKb === 'number' ? r.unusedJsKb : undefined;
    rows.push({ what: `Page ${String(r.label ?? r.name.slice(5))} : JS / CSS (gzip)`, value: `${kb(r.jsKb)} / ${kb(r.cssKb)}`, goal: 'JS inutile < 100 Ko', met: unused === undefined ? null : unused < 100 });
  }
  return rows;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL est requis : chaque banc recrée sa base jetable sur ce serveur PostgreSQL (voir bench/README.md).');
    process.exit(1);
  }
  const only = /--only[= ](\S+)/.exec(process.argv.slice(2).join(' '))?.[1];
  const wanted = only ? new Set(only.split(',')) : null;
  const results: Result[] = [];
  const failed: string[] = [];
  for (const step of STEPS) {
    if (wanted && !wanted.has(step.key)) continue;
    if (!fs.existsSync(path.join(ROOT, step.script))) continue;
    console.log(`\n== ${step.key} (${step.script} ${step.args.join(' ')})`);
    const started = Date.now();
    const { code, results: found } = await run(step);
    console.log(`   ${code === 0 ? 'fini' : `ÉCHEC (code ${code})`} en ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (code !== 0) failed.push(step.key);
    results.push(...found);
  }
  const rows = rowsOf(results);
  console.log('\n| mesure | valeur | objectif | atteint |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.goal} | ${r.met === null ? '—' : r.met ? 'oui' : 'non'} |`);
  const out = path.join(ROOT, 'var', 'bench');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'last.json'), JSON.stringify({ at: new Date().toISOString(), results, failed }, null, 2));
  if (failed.length) {
    console.error(`Étapes en échec : ${failed.join(', ')}`);
    process.exit(1);
  }
}

if (require.main === module) main().catch((err) => { console.error(err); process.exit(1); });
