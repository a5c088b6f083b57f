import fs from 'node:fs';
import { Client } from 'pg';
import { embeddedRunDir } from './run-id';

/** Removes the embedded databases' folder, or drops the template and any clone left behind. */
export default async function teardown(): Promise<void> {
  if (process.env.VIGIE_TEST_PGLITE_TEMPLATE) fs.rmSync(embeddedRunDir(), { recursive: true, force: true });
  if (process.env.VIGIE_TEST_ADMIN_URL) {
    const admin = new Client({ connectionString: process.env.VIGIE_TEST_ADMIN_URL });
    await admin.connect();
    const run = process.env.VIGIE_TEST_RUN;
    const old = await admin.query(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [`vigie_tpl_${run}`, `vigie_t_${run}_%`]);
    for (const row of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
  }
}
