import fs from 'node:fs';
import { Client } from 'pg';
import path from 'node:path';
import { E2E_DIR } from './global-setup';

/** Stops the server started by the global setup. */
export default async function globalTeardown(): Promise<void> {
  const pidFile = path.join(E2E_DIR, 'server.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
  await new Promise((r) => setTimeout(r, 1500));
  try { process.kill(pid, 'SIGKILL'); } catch { /* stopped */ }
  if (process.env.DATABASE_URL) {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "vigie_e2e_${process.env.VIGIE_TEST_RUN}" WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(E2E_DIR, { recursive: true, force: true });
}
