import 'reflect-metadata';
import path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ROOT_DIR } from '../config';
import { AfterCommitSubscriber } from './after-commit';

/** Globs of every entity and migration: a module adds files, not registrations. */
export const ENTITY_GLOBS = [path.join(ROOT_DIR, 'server', '**', '*.entity.{ts,js}')];
export const MIGRATION_GLOBS = [path.join(ROOT_DIR, 'migrations', '*.{ts,js}')];

/** Options for {@link createDataSource}. */
export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  /** Longest wait for a free pooled connection (pg-pool's `connectionTimeoutMillis`), 5 s by default. */
  poolWaitMs?: number;
  /** `statement_timeout` of every connection, in ms (none when unset or 0). */
  statementTimeoutMs?: number;
  logging?: boolean;
  /** Called when an idle pooled connection errors (database restarted, proxy cut). */
  onPoolError?: (err: Error) => void;
}

/**
 * The `pg` client class of the pool, listening to its own `'error'` events from birth.
 *
 * pg-pool listens only while a client is idle; a checked-out client whose backend is
 * terminated between two queries (57P01, a restart, a proxy cut) emits `'error'` with nobody
 * listening, and Node exits. With this listener the error is reported, the client is marked
 * unusable by pg itself, and the pool drops it when it is released.
 */
export function resilientClient(onError: (err: Error) => void): typeof Client {
  return class ResilientClient extends Client {
    constructor(config?: ConstructorParameters<typeof Client>[0]) {
      super(config);
      this.on('error', onError);
    }
  };
}

/**
 * Creates the TypeORM data source on the `pg` driver, for a real server or the embedded one.
 * Never `synchronize`: the schema comes from migrations only.
 */
export function createDataSource(opts: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: opts.url,
    entities: ENTITY_GLOBS,
    migrations: MIGRATION_GLOBS,
    migrationsTableName: 'migrations',
    subscribers: [AfterCommitSubscriber],
    synchronize: false,
    logging: opts.logging ?? false,
    poolSize: opts.poolSize ?? 10,
    extra: {
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.poolWaitMs ?? 5000,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      Client: resilientClient(opts.onPoolError ?? (() => undefined)),
    },
    // An idle pool losing PostgreSQL would otherwise crash Node with an unhandled 'error'.
    poolErrorHandler: opts.onPoolError ?? (() => undefined),
  });
}

