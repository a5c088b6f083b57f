import fs from 'node:fs';
import { Client } from 'pg';
import { clonePrefix, embeddedRunDir, templateDatabaseName } from './run-id';

/**
 * Removes what this run made: the embedded databases' folder, or the template and any clone left
 * behind (a test file that failed before closing its database). Other runs' are left alone.
 */
export default async function teardown(): Promise<void> {
  if (process.env.VIGIE_TEST_PGLITE_TEMPLATE) fs.rmSync(embeddedRunDir(), { recursive: true, force: true });
  if (process.env.VIGIE_TEST_ADMIN_URL) {
    const admin = new Client({ connectionString: process.env.VIGIE_TEST_ADMIN_URL });
    await admin.connect();
    const mine = await admin.query(`SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)`, [templateDatabaseName(), clonePrefix()]);
    for (const row of mine.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
  }
}
