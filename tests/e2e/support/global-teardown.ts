import fs from 'node:fs';
import { Client } from 'pg';
import path from 'node:path';
import { e2eDatabaseName } from '../../support/run-id';
import { E2E_DIR } from './global-setup';

/** True while the process `pid` (this run's server) is still there. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server started by the global setup, then removes this run's database and folder. */
export default async function globalTeardown(): Promise<void> {
  const pidFile = path.join(E2E_DIR, 'server.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
  // It closes its connections and stops; one that takes more than 5 s is killed.
  const deadline = Date.now() + 5000;
  while (running(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  try { process.kill(pid, 'SIGKILL'); } catch { /* stopped */ }
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${e2eDatabaseName()}" WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
}
