import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../server/kernel/db/data-source';
import { startEmbeddedDatabase } from '../../server/kernel/db/embedded';
import { runMigrations } from '../../server/kernel/db/migrations';

import { embeddedRunDir, runEnded, testRunId } from './run-id';

/**
 * Migrates once. On a real server (`DATABASE_URL`) into a template database that every test
 * file clones; otherwise into an embedded PGlite data directory that every test file copies.
 */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const run = testRunId();
    const TEMPLATE = `vigie_tpl_${run}`;
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // Leftovers of interrupted runs; databases of runs still going on are left alone.
    const old = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ '^vigie_(tpl|t)_[0-9]+'`);
    for (const row of old.rows) {
      const owner = /^vigie_(?:tpl|t)_(\d+)/.exec(row.datname)![1];
      if (owner === run || runEnded(owner)) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    }
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
    const dir = embeddedRunDir();
    // Leftovers of interrupted runs; folders of runs still going on are left alone.
    const varDir = path.dirname(dir);
    for (const name of fs.existsSync(varDir) ? fs.readdirSync(varDir) : []) {
      const owner = /^test-pglite-(\d+)$/.exec(name)?.[1];
      if (owner && (owner === testRunId() || runEnded(owner))) fs.rmSync(path.join(varDir, name), { recursive: true, force: true });
    }
    const template = path.join(dir, 'template');
    const embedded = await startEmbeddedDatabase({ dataDir: template });
    const ds = createDataSource({ url: embedded.url, poolSize: 1 });
    await ds.initialize();
    await runMigrations(ds);
    await ds.destroy();
    await embedded.stop();
    process.env.VIGIE_TEST_PGLITE_TEMPLATE = template;
  }
}
