import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config';
import { createDataSource } from './data-source';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';

/** An open database: the data source, its URL and how to close everything. */
export interface OpenDatabase {
  dataSource: DataSource;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Opens the database the configuration names: `DATABASE_URL` when set, otherwise the embedded
 * PGlite with its data in `var/pglite`.
 */
export async function openDatabase(config: AppConfig, opts: { poolSize?: number; onPoolError?: (e: Error) => void } = {}): Promise<OpenDatabase> {
  const limits = config.database;
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase({ dataDir: config.pgliteDir, port: config.pglitePort });
    url = embedded.url;
  }
  // pglite-socket runs one backend and queues protocol messages one by one: two connections
  // working at once interleave their Parse/Bind/Execute ("bind message supplies 1 parameters").
  // One pooled connection serialises the queries instead.
  // The statement timeout is a real server's: the embedded one runs one statement at a time anyway.
  const dataSource = embedded
    ? createDataSource({ url, poolSize: 1, poolWaitMs: limits?.poolWaitMs, onPoolError: opts.onPoolError })
    : createDataSource({ url, poolSize: opts.poolSize ?? limits?.poolSize, poolWaitMs: limits?.poolWaitMs, statementTimeoutMs: limits?.statementTimeoutMs, onPoolError: opts.onPoolError });
  await dataSource.initialize();
  return {
    dataSource,
    url,
    embedded: !!embedded,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy();
      if (embedded) await embedded.stop();
    },
  };
}
