/**
 * Start time and memory (issue 21): launches the application as a user does, on a migrated
 * PostgreSQL database, and times from the spawn to the first 200 on `/login` (polled every 10 ms);
 * then reads the resident memory (VmRSS) of the server process and of its whole process tree
 * one second after that first 200. One untimed start of each command first (it migrates the
 * throw-away database and creates the administrator, and builds what `npm start` must build), then
 * `--runs` rounds (5 by default) of one timed start of each command in turn; prints each command's
 * median. Not part of `npm test`.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/start.ts`
 * (the `vigie_bench_start` database is dropped and recreated).
 * Other commands: `-- --cmd "node dist/server/main.js" --cmd "cd /tmp/old-tree && npm start"` (each
 * run through `sh -c` in the repository; the figures are the whole process group's).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { benchResult, freshDatabase } from './support';

const ROOT = path.resolve(__dirname, '..');
/** What `npm start` runs once built, and `npm start` itself (npm, the build check, then the server). */
const DEFAULT_COMMANDS = ['node dist/server/main.js', 'npm start'];

/** Parses `--runs N` and repeated `--cmd "..."`. */
function parseArgs(argv: string[]): { runs: number; commands: string[] } {
  let runs = 5;
  const commands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Math.max(1, Number(argv[++i]) || 5);
    else if (argv[i] === '--cmd') commands.push(argv[++i]);
  }
  return { runs, commands: commands.length ? commands : DEFAULT_COMMANDS };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** VmRSS of one process in MB, 0 when it is gone. */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** `pid` and all its descendants (from /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    let tasks: string[] = [];
    try { tasks = fs.readdirSync(`/proc/${found[i]}/task`); } catch { continue; }
    for (const tid of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${found[i]}/task/${tid}/children`, 'utf8').trim();
        if (children) found.push(...children.split(/\s+/).map(Number));
      } catch { /* gone */ }
    }
  }
  return found;
}

/** CPU time (user + system) spent so far by one process, in ms (Linux clock ticks of 10 ms). */
function cpuOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** RSS of the largest process of the tree (the server: npm, sh and tsx's launcher are small) and of the whole tree. */
function treeRss(pid: number): { server: number; tree: number } {
  const sizes = processTree(pid).map(rssOf);
  return { server: Math.max(...sizes), tree: sizes.reduce((a, b) => a + b, 0) };
}

/** Sends SIGTERM to the process group, then SIGKILL after 5 s, and waits for the exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
  const timer = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 5000);
  await exited;
  clearTimeout(timer);
  // npm and sh may leave before the server: wait until nothing of the group remains.
  for (let i = 0; i < 100; i++) {
    try { process.kill(-child.pid!, 0); } catch { return; }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One start's figures: wall time to the first 200, CPU time of the live processes then, RSS one second later. */
interface Start { ms: number; cpu: number; server: number; tree: number }

/**
 * One start: ms from the spawn to the first 200 on /login, the CPU time its processes had used
 * by then (steadier than the wall time on a shared machine), and the RSS one second later.
 */
async function startOnce(command: string, env: NodeJS.ProcessEnv, port: number, timeoutMs: number): Promise<Start> {
  const started = process.hrtime.bigint();
  const child = spawn('sh', ['-c', command], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output = (output + d).slice(-4000); });
  child.stderr!.on('data', (d) => { output = (output + d).slice(-4000); });
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`« ${command} » s'est arrêté (${child.exitCode}) :\n${output}`);
      if (Date.now() > deadline) throw new Error(`« ${command} » : pas de 200 sur /login en ${timeoutMs / 1000} s :\n${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login`);
        await res.arrayBuffer();
        if (res.status === 200) break;
      } catch { /* not listening yet */ }
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const cpu = processTree(child.pid!).map(cpuOf).reduce((a, b) => a + b, 0);
    await new Promise((r) => setTimeout(r, 1000));
    return { ms, cpu, ...treeRss(child.pid!) };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main(): Promise<void> {
  const { runs, commands } = parseArgs(process.argv.slice(2));
  // The build the commands start from, as `npm start` makes it: only what changed since the last one.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.js'), '--if-changed'], { cwd: ROOT, stdio: 'inherit' });
  const url = await freshDatabase('vigie_bench_start');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATABASE_URL: url, PORT: String(port), NODE_ENV: 'production', BASE_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'), LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    STORAGE_DIR: path.join(ROOT, 'var', 'bench-start-storage'),
  };
  // Untimed: migrations and the first start's accounts on the fresh database, a build if one is due.
  for (const command of commands) {
    const first = await startOnce(command, env, port, 600_000);
    console.log(`${command} : premier démarrage ${Math.round(first.ms)} ms (non compté)`);
  }
  // Then the commands in turn, run after run: on a shared machine each one meets the same load.
  const results = new Map<string, Start[]>(commands.map((c) => [c, []]));
  for (let i = 0; i < runs; i++) {
    for (const command of commands) {
      const r = await startOnce(command, env, port, 120_000);
      console.log(`  ${command} : ${Math.round(r.ms)} ms (CPU ${r.cpu} ms), RSS serveur ${r.server.toFixed(0)} Mo, arbre ${r.tree.toFixed(0)} Mo`);
      results.get(command)!.push(r);
    }
  }
  const rows = commands.map((command, i) => {
    const all = results.get(command)!;
    const ms = all.map((r) => r.ms);
    // For `npm run bench:all` (bench/all.ts): the first command is « the start ».
    benchResult(i === 0 ? 'start' : `start_${i + 1}`, {
      command, ms: Math.round(median(ms)), cpuMs: median(all.map((r) => r.cpu)),
      rssMb: Math.round(median(all.map((r) => r.server))), treeRssMb: Math.round(median(all.map((r) => r.tree))),
    });
    return `| \`${command}\` | ${Math.round(median(ms))} ms (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))}) | ${median(all.map((r) => r.cpu))} ms | ${median(all.map((r) => r.server)).toFixed(0)} Mo | ${median(all.map((r) => r.tree)).toFixed(0)} Mo |`;
  });
  console.log(`\nDémarrage jusqu'au premier 200 sur /login, PostgreSQL migrée, NODE_ENV=production, médiane de ${runs} (objectif ≤ 1 s) :\n`);
  console.log('| commande | premier 200 (min–max) | CPU jusque-là | RSS du serveur | RSS de l\'arbre |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
