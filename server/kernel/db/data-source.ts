import 'reflect-metadata';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { ROOT_DIR } from '../config';

/** Globs of every entity and migration: a module adds files, not registrations. */
export const ENTITY_GLOBS = [path.join(ROOT_DIR, 'server', '**', '*.entity.{ts,js}')];
export const MIGRATION_GLOBS = [path.join(ROOT_DIR, 'migrations', '*.{ts,js}')];

/** Options for {@link createDataSource}. */
export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  logging?: boolean;
  /** Called when an idle pooled connection errors (database restarted, proxy cut). */
  onPoolError?: (err: Error) => void;
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
    synchronize: false,
    logging: opts.logging ?? false,
    poolSize: opts.poolSize ?? 10,
    extra: { max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 },
    // An idle pool losing PostgreSQL would otherwise crash Node with an unhandled 'error'.
    poolErrorHandler: opts.onPoolError ?? (() => undefined),
  });
}

