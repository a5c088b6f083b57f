/** Pieces shared by the benchmarks: a throw-away database and a logged-in session. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** Drops and recreates database `name` next to DATABASE_URL's; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  if (!process.env.DATABASE_URL) throw new Error(`DATABASE_URL est requis (base jetable : ${name} est recréée).`);
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Logs in through the form and returns the session cookie. `headers` go with both requests
 * (`x-forwarded-proto: https` for a production server, whose cookie is `secure`).
 */
export async function loginCookie(port: number, username: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const page = await fetch(`http://127.0.0.1:${port}/login`, { headers });
  const cookie0 = page.headers.get('set-cookie')!.split(';')[0];
  const token = /name="_csrf_token" value="([^"]+)"/.exec(await page.text())![1];
  const res = await fetch(`http://127.0.0.1:${port}/login`, {
    method: 'POST', redirect: 'manual', headers: { ...headers, cookie: cookie0, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _username: username, _password: password, _csrf_token: token }),
  });
  // Every cookie the login sets (the session, and the device cookie of the login throttle).
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  if (!/vigie\.sid=/.test(cookie)) throw new Error(`connexion refusée (${res.status})`);
  return cookie;
}

/** Prefix of the line a benchmark prints for `npm run bench:all` to collect. */
export const RESULT_PREFIX = 'BENCH_RESULT ';

/**
 * Prints one measured case for `bench/all.ts`: `name` (e.g. `action_list`) and its figures
 * (milliseconds, requests per second, megabytes, ratios), as one JSON line.
 */
export function benchResult(name: string, figures: Record<string, number | string>): void {
  console.log(RESULT_PREFIX + JSON.stringify({ name, ...figures }));
}

/** VmRSS of a process in MB (0 once it is gone). */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The V8 settings of the image and of `npm start` (Dockerfile, package.json): measured with them. */
export const PRODUCTION_NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=8';

/**
 * Starts the application as production runs it (`node dist/server/main.js`, built first by
 * `scripts/build.js` when its sources changed) and resolves once it listens.
 */
export async function startApp(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.js'), '--if-changed'], { cwd: root, stdio: 'inherit' });
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], { cwd: root, env: { NODE_OPTIONS: PRODUCTION_NODE_OPTIONS, ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (/Vigie est démarré/.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`dist/server/main.js s'est arrêté (code ${code})`)));
  });
}

/** Median of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
