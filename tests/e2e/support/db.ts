import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';

/**
 * The database of this end-to-end run, for specs that prepare records the browser would take many
 * screens to make: the run's own database on the DATABASE_URL server, or the embedded database
 * the server runs, reached on the loopback port the global setup gave it (`PGLITE_PORT`).
 */
export function e2eDatabaseUrl(): string {
  if (!process.env.DATABASE_URL) {
    if (!process.env.E2E_PGLITE_PORT) throw new Error('E2E_PGLITE_PORT absent : la configuration de playwright le fixe');
    return `postgres://postgres:postgres@127.0.0.1:${process.env.E2E_PGLITE_PORT}/postgres?sslmode=disable`;
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/vigie_e2e_${process.env.VIGIE_TEST_RUN}`;
  return url.toString();
}

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * An account in a company of its own, made with the CLI on this run's database, for specs whose
 * checks must not see what other specs put in the shared e2e company (document types ...).
 */
export function createE2eUser(opts: { company: string; role: string; firstName: string; lastName: string }): { username: string; password: string } {
  const url = e2eDatabaseUrl();
  const username = `e2e.${crypto.randomBytes(4).toString('hex')}`;
  const password = crypto.randomBytes(12).toString('base64url');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/cli/index.ts', 'user:create',
    '--username', username, `--password=${password}`, '--email', `${username}@example.fr`, '--role', opts.role, '--company', opts.company,
    '--first-name', opts.firstName, '--last-name', opts.lastName], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: 'pipe' });
  return { username, password };
}
