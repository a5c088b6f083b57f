import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';

/**
 * Test runs share a PostgreSQL server (`DATABASE_URL`) and the `var/` folder with other runs: a
 * developer's and a helper's on one machine, or runs in several containers or machines on one
 * server. Each run names what it makes after its own id, removes it when it ends, and at its start
 * removes what interrupted runs left, judged by age alone: a process id says nothing about a run in
 * another container or on another machine, and a reused one would keep leftovers for ever.
 *
 * The id is `<creation time in Unix seconds>_<8 random hex digits>` (19 characters, valid in a
 * database name): random, so no two runs share one; dated, because PostgreSQL keeps no creation
 * time for a database and a date in the name also serves for the folders. The names made from it:
 * - `vigie_tpl_<id>`: the integration tests' migrated template (tests/support/global-setup.ts);
 * - `vigie_t_<id>_<pid>_<n>`: one clone per integration test file (tests/support/db.ts);
 * - `vigie_e2e_<id>`: the end-to-end run's database (tests/e2e/support/global-setup.ts);
 * - `var/test-pglite-<id>`, `var/e2e-<id>`: the run's folders (embedded databases, e2e server).
 * Those whose id is older than STALE_AFTER_S are an interrupted run's: no run lasts that long. A
 * clone bears its run's time, not its own, so a run of more than 6 hours could lose its databases
 * to another run's clean-up. Clocks of the machines sharing a server only need to agree to within
 * hours. Names of other forms (the former `vigie_t_<pid>_…`, a hand-set VIGIE_TEST_RUN) are never
 * removed by age: only the run that made them removes them.
 */
export const STALE_AFTER_S = 6 * 3600;

/** `<Unix seconds>_<8 hex>`, somewhere inside a database or folder name. */
const DATED_ID = /^(\d{10})_[0-9a-f]{8}$/;
const DATABASE = /^vigie_(?:tpl|t|e2e)_(\d{10}_[0-9a-f]{8})(?:_\d+_\d+)?$/;
const FOLDER = /^(?:test-pglite|e2e)-(\d{10}_[0-9a-f]{8})$/;

/** A new run id: now in Unix seconds and 8 random hex digits. */
export function newRunId(now = Date.now()): string {
  return `${Math.floor(now / 1000)}_${crypto.randomBytes(4).toString('hex')}`;
}

/**
 * This run's id. Set once by the first process of a run (jest's global setup, playwright's
 * configuration) and inherited by its workers through the environment.
 */
export function testRunId(): string {
  if (!process.env.VIGIE_TEST_RUN) process.env.VIGIE_TEST_RUN = newRunId();
  return process.env.VIGIE_TEST_RUN;
}

/** The integration tests' migrated template database of this run. */
export function templateDatabaseName(): string {
  return `vigie_tpl_${testRunId()}`;
}

/** What the names of this run's per-file clones start with (the worker's pid and a counter follow). */
export function clonePrefix(): string {
  return `vigie_t_${testRunId()}_`;
}

/** The end-to-end run's database on the DATABASE_URL server. */
export function e2eDatabaseName(): string {
  return `vigie_e2e_${testRunId()}`;
}

/** This run's folder of embedded databases: the migrated template and one copy per test file. */
export function embeddedRunDir(): string {
  return path.join(__dirname, '..', '..', 'var', `test-pglite-${testRunId()}`);
}

/** True when `id` is a dated run id older than STALE_AFTER_S at `now` (ms). */
export function staleRunId(id: string, now = Date.now()): boolean {
  const time = DATED_ID.exec(id)?.[1];
  return !!time && now / 1000 - Number(time) > STALE_AFTER_S;
}

/** The run id in a test database's name, or null for a name of no test run. */
export function runOfDatabase(name: string): string | null {
  return DATABASE.exec(name)?.[1] ?? null;
}

/** True when `name` is a test database of a run older than STALE_AFTER_S at `now` (ms): what dropStaleTestDatabases drops. */
export function staleTestDatabase(name: string, now = Date.now()): boolean {
  const run = runOfDatabase(name);
  return !!run && staleRunId(run, now);
}

/** True when `name` is a `var/` folder (`test-pglite-<id>`, `e2e-<id>`) of a run older than STALE_AFTER_S at `now` (ms). */
export function staleRunFolder(name: string, now = Date.now()): boolean {
  const run = FOLDER.exec(name)?.[1];
  return !!run && staleRunId(run, now);
}

/**
 * Drops the test databases of interrupted runs (named after a run id older than STALE_AFTER_S),
 * whichever machine made them; younger ones may be runs going on and are left alone. A database
 * another run drops at the same moment is not an error.
 */
export async function dropStaleTestDatabases(admin: Client, now = Date.now()): Promise<string[]> {
  const rows = (await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname ~ '^vigie_(tpl|t|e2e)_'`)).rows;
  const dropped: string[] = [];
  for (const { datname } of rows) {
    if (!staleTestDatabase(datname, now)) continue;
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      dropped.push(datname);
    } catch (error) {
      console.warn(`[tests] ${datname} non supprimée : ${(error as Error).message}`);
    }
  }
  return dropped;
}

/** Removes the `var/test-pglite-<id>` and `var/e2e-<id>` folders of interrupted runs (see dropStaleTestDatabases). */
export function removeStaleRunFolders(varDir = path.join(__dirname, '..', '..', 'var'), now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of fs.existsSync(varDir) ? fs.readdirSync(varDir) : []) {
    if (!staleRunFolder(name, now)) continue;
    fs.rmSync(path.join(varDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * `count` distinct TCP ports free on the loopback interface now, for playwright's configuration,
 * which is read synchronously: a child process asks the system for them (listening on port 0).
 */
export function freePortsSync(count: number): number[] {
  const script = `const net = require('node:net');
const servers = Array.from({ length: ${count} }, () => net.createServer());
Promise.all(servers.map((s) => new Promise((ok, ko) => { s.on('error', ko); s.listen(0, '127.0.0.1', ok); })))
  .then(() => { process.stdout.write(servers.map((s) => s.address().port).join(' ')); servers.forEach((s) => s.close()); });`;
  const ports = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
  if (ports.length !== count || ports.some((p) => !Number.isInteger(p) || p <= 0)) throw new Error(`Ports libres introuvables : ${ports.join(' ')}`);
  return ports;
}
