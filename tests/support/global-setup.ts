import path from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../server/kernel/db/data-source';
import { startEmbeddedDatabase } from '../../server/kernel/db/embedded';
import { runMigrations } from '../../server/kernel/db/migrations';

import { dropStaleTestDatabases, embeddedRunDir, removeStaleRunFolders, templateDatabaseName } from './run-id';

/**
 * Migrates once. On a real server (`DATABASE_URL`) into a template database that every test
 * file clones; otherwise into an embedded PGlite data directory that every test file copies.
 * Names come from the run's id; interrupted runs' leftovers are removed by age (tests/support/run-id.ts).
 */
export default async function setup(): Promise<void> {
  // Both integration projects (files alone and groups, scripts/integration-groups.js) name this
  // setup; jest runs it once per project in one process: the second finds the first's template.
  if (process.env.VIGIE_TEST_TEMPLATE || process.env.VIGIE_TEST_PGLITE_TEMPLATE) return;
  removeStaleRunFolders();
  if (process.env.DATABASE_URL) {
    const TEMPLATE = templateDatabaseName();
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await dropStaleTestDatabases(admin);
    await admin.query(`CREATE DATABASE "${TEMPLATE}"`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${TEMPLATE}`;
    const ds = createDataSource({ url: url.toString(), poolSize: 1 });
    await ds.initialize();
    await runMigrations(ds);
    await ds.destroy();
    process.env.VIGIE_TEST_TEMPLATE = TEMPLATE;
    process.env.VIGIE_TEST_ADMIN_URL = process.env.DATABASE_URL;
  } else {
    // A migrated PGlite data directory that every test file copies into a database of its own
    // (tests/support/db.ts): files run in parallel and never see each other's rows or jobs.
    const template = path.join(embeddedRunDir(), 'template');
    const embedded = await startEmbeddedDatabase({ dataDir: template });
    const ds = createDataSource({ url: embedded.url, poolSize: 1 });
    await ds.initialize();
    await runMigrations(ds);
    await ds.destroy();
    await embedded.stop();
    process.env.VIGIE_TEST_PGLITE_TEMPLATE = template;
  }
}
