import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../server/kernel/db/data-source';
import { startEmbeddedDatabase } from '../../server/kernel/db/embedded';
import { clonePrefix } from './run-id';

/** A database for one test file. */
export interface TestDatabase {
  dataSource: DataSource;
  url: string;
  /** True on the embedded database (one backend: a second connection waits for the first). */
  embedded: boolean;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Opens a migrated database of its own for the calling test file: a clone of the template
 * database on a real server, or a copy of the migrated PGlite data directory.
 */
export async function openTestDatabase(poolSize = 5): Promise<TestDatabase> {
  const template = process.env.VIGIE_TEST_TEMPLATE;
  const adminUrl = process.env.VIGIE_TEST_ADMIN_URL;
  let url: string;
  let drop: (() => Promise<void>) | undefined;
  if (template && adminUrl) {
    // The run's prefix (named after its id, tests/support/run-id.ts), then this worker and file.
    const name = `${clonePrefix()}${process.pid}_${++counter}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  } else if (process.env.VIGIE_TEST_PGLITE_TEMPLATE) {
    const dir = path.join(path.dirname(process.env.VIGIE_TEST_PGLITE_TEMPLATE), `db-${process.pid}-${++counter}`);
    fs.cpSync(process.env.VIGIE_TEST_PGLITE_TEMPLATE, dir, { recursive: true });
    const embedded = await startEmbeddedDatabase({ dataDir: dir, maxConnections: 100 });
    url = embedded.url;
    drop = async () => {
      await embedded.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    // pglite-socket serves one backend: one pooled connection (see server/kernel/db/connect.ts).
    poolSize = 1;
  } else {
    throw new Error('Base de test absente : lancez les tests d\'intégration avec jest (global setup).');
  }
  const dataSource = createDataSource({ url, poolSize });
  await dataSource.initialize();
  return {
    dataSource,
    url,
    embedded: !template,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      if (drop) await drop();
    },
  };
}
