import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../server/kernel/db/data-source';

/** A database for one test file. */
export interface TestDatabase {
  dataSource: DataSource;
  url: string;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Opens a migrated database for the calling test file: a fresh clone of the template on a real
 * server, or the shared embedded database (tests then keep to their own tenants).
 */
export async function openTestDatabase(poolSize = 5): Promise<TestDatabase> {
  const template = process.env.VIGIE_TEST_TEMPLATE;
  const adminUrl = process.env.VIGIE_TEST_ADMIN_URL;
  let url: string;
  let drop: (() => Promise<void>) | undefined;
  if (template && adminUrl) {
    const name = `vigie_t_${process.env.VIGIE_TEST_RUN}_${process.pid}_${++counter}`;
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
  } else if (process.env.VIGIE_TEST_SHARED_URL) {
    url = process.env.VIGIE_TEST_SHARED_URL;
  } else {
    throw new Error('Base de test absente : lancez les tests d\'intégration avec jest (global setup).');
  }
  // The embedded database takes one connection at a time (see server/kernel/db/connect.ts).
  const dataSource = createDataSource({ url, poolSize: process.env.VIGIE_TEST_SHARED_URL && !template ? 1 : poolSize });
  await dataSource.initialize();
  return {
    dataSource,
    url,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      if (drop) await drop();
    },
  };
}
