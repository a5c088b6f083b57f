import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { dropStaleTestDatabases, e2eDatabaseName, removeStaleRunFolders } from '../../support/run-id';

/** This run's folder (set by playwright.config.ts, inherited by the workers). */
export const E2E_DIR = process.env.VIGIE_E2E_DIR || path.join(__dirname, '..', '..', '..', 'var', 'e2e');
export const ACCOUNTS_FILE = path.join(E2E_DIR, 'accounts.json');
const ROOT = path.join(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Accounts created for the end-to-end run. */
export interface E2eAccounts {
  admin: { username: string; password: string };
  user: { username: string; password: string };
}

async function serverEnv(): Promise<NodeJS.ProcessEnv> {
  const port = process.env.E2E_PORT!;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, BASE_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'development', LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn', SESSION_SECRET: crypto.randomBytes(24).toString('hex'), MAIL_RECORD_DIR: path.join(E2E_DIR, 'mails') };
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // Leftovers of interrupted runs, by age (tests/support/run-id.ts); this run's name is new.
    await dropStaleTestDatabases(admin);
    const name = e2eDatabaseName();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
  } else {
    env.PGLITE_DIR = path.join(E2E_DIR, 'pglite');
    // The embedded database's loopback port, free when playwright's configuration chose it, so
    // that the specs reach the server's database there (tests/e2e/support/db.ts).
    if (process.env.E2E_PGLITE_PORT) env.PGLITE_PORT = process.env.E2E_PGLITE_PORT;
  }
  env.STORAGE_DIR = path.join(E2E_DIR, 'storage');
  return env;
}

/** Fresh database, two accounts made with the CLI, then the real server (`server/main.ts`). */
export default async function globalSetup(): Promise<void> {
  removeStaleRunFolders();
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DIR, { recursive: true });
  const env = await serverEnv();
  const accounts: E2eAccounts = {
    admin: { username: 'e2e.admin', password: crypto.randomBytes(12).toString('base64url') },
    user: { username: 'e2e.user', password: crypto.randomBytes(12).toString('base64url') },
  };
  const cli = (args: string[]) => execFileSync(process.execPath, [TSX, 'server/cli/index.ts', ...args], { cwd: ROOT, env, stdio: 'pipe' });
  cli(['user:create', '--username', accounts.admin.username, `--password=${accounts.admin.password}`, '--email', 'e2e.admin@example.fr', '--role', 'super_admin', '--company', 'Société E2E', '--first-name', 'Alice', '--last-name', 'Admin']);
  cli(['user:create', '--username', accounts.user.username, `--password=${accounts.user.password}`, '--email', 'e2e.user@example.fr', '--role', 'user', '--company', 'Société E2E', '--first-name', 'Bruno', '--last-name', 'Utilisateur']);
  fs.writeFileSync(ACCOUNTS_FILE, JSON.stringify(accounts));

  const server = spawn(process.execPath, [TSX, 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
  let output = '';
  // The server's output is kept in var/e2e/server.log to debug a failing run.
  const logFile = fs.createWriteStream(path.join(E2E_DIR, 'server.log'));
  server.stdout.on('data', (d) => { output += d; logFile.write(d); });
  server.stderr.on('data', (d) => { output += d; logFile.write(d); });
  fs.writeFileSync(path.join(E2E_DIR, 'server.pid'), String(server.pid));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Le serveur s'est arrêté :\n${output}`);
    try {
      const res = await fetch(`${env.BASE_URL}/login`);
      if (res.status === 200) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Le serveur n'a pas répondu à temps :\n${output}`);
}
