import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';

/**
 * The database of this end-to-end run (made by the global setup on the DATABASE_URL server), for
 * specs that prepare records the browser would take many screens to make. Null on the embedded
 * database: its single backend is the server's own, so those specs skip there.
 */
export function e2eDatabaseUrl(): string | null {
  if (!process.env.DATABASE_URL) return null;
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
  if (!url) throw new Error('createE2eUser needs the PostgreSQL of the run');
  const username = `e2e.${crypto.randomBytes(4).toString('hex')}`;
  const password = crypto.randomBytes(12).toString('base64url');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/cli/index.ts', 'user:create',
    '--username', username, `--password=${password}`, '--email', `${username}@example.fr`, '--role', opts.role, '--company', opts.company,
    '--first-name', opts.firstName, '--last-name', opts.lastName], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, stdio: 'pipe' });
  return { username, password };
}
