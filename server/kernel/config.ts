import path from 'node:path';

/** Root of the repository (server/kernel/ -> ../..). */
export const ROOT_DIR = path.resolve(__dirname, '..', '..');

/** Runtime configuration read once from the environment. */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /**
   * Loopback port of the embedded database (`PGLITE_PORT`), so psql, the CLI or a test may work
   * next to the running app; a free port when unset.
   */
  pglitePort: number | undefined;
  sessionSecret: string;
  storageDir: string;
  /** Where files live: local disk under `storageDir` (default) or an S3-compatible store (`STORAGE_DRIVER=s3`). */
  storage: StorageConfig;
  chromiumPath: string;
  baseUrl: string;
  logLevel: string;
  /**
   * Which peers may tell the client's address in `X-Forwarded-For` (Express's `trust proxy`):
   * `loopback` by default; the addresses or subnets of the reverse proxies in production.
   */
  trustProxy: TrustProxy;
  /** The database pool (docs/administration.md, « Base de données »). */
  database: DatabaseLimits;
  /** Longest wait for requests in flight on SIGTERM before their connections are cut (`SHUTDOWN_TIMEOUT_MS`, 20 000). */
  shutdownTimeoutMs: number;
  /** Prometheus metrics: on a port of their own (`METRICS_PORT`) and/or at `/metrics` with `Authorization: Bearer <METRICS_TOKEN>`; off when neither is set. */
  metrics: { port?: number; token?: string };
}

/** How many connections the app holds and how long a page may wait for them and their queries. */
export interface DatabaseLimits {
  /** Connections per process (`DB_POOL_SIZE`, 10). */
  poolSize: number;
  /** Longest wait for a free connection before the request gets a French 503 (`DB_POOL_WAIT_MS`, 5 000). */
  poolWaitMs: number;
  /** Longest run of one SQL statement on a real server (`DB_STATEMENT_TIMEOUT_MS`, 15 000; 0 = none). */
  statementTimeoutMs: number;
}

/** The file store chosen by `STORAGE_DRIVER` (docs/deployment.md, « Stockage des fichiers »). */
export type StorageConfig =
  | { driver: 'local' }
  | { driver: 's3'; bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; accessKeyId?: string; secretAccessKey?: string };

/** Reads `STORAGE_DRIVER` and the `S3_*` variables; path-style addressing by default with a custom endpoint. */
export function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  if ((env.STORAGE_DRIVER ?? '').trim().toLowerCase() !== 's3') return { driver: 'local' };
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  return {
    driver: 's3',
    bucket: env.S3_BUCKET?.trim() ?? '',
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle ? /^(1|true|yes|on)$/i.test(pathStyle) : !!endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

const positive = (value: string | undefined, fallback: number, allowZero = false): number =>
  (allowZero ? /^\d+$/ : /^[1-9]\d*$/).test(value ?? '') ? Number(value) : fallback;

/** A `trust proxy` value: named ranges or addresses (comma-separated), a hop count, or on/off. */
export type TrustProxy = string | number | boolean;

/** Reads `TRUST_PROXY`: `false`, `true`, a number of hops, or addresses / subnets / `loopback`, `uniquelocal`... */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '') return 'loopback';
  if (/^(false|no|off|0)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) return true;
  if (/^[1-9]\d*$/.test(v)) return Number(v);
  return v.split(',').map((part) => part.trim()).filter(Boolean).join(', ');
}

/**
 * What a production start needs and cannot guess, as French sentences (empty when all is set):
 * `BASE_URL` builds every link sent by mail (a default would point them to localhost).
 */
export function productionConfigErrors(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const errors: string[] = [];
  const storage = storageConfig(env);
  if (storage.driver === 's3' && !storage.bucket) errors.push('S3_BUCKET est obligatoire avec STORAGE_DRIVER=s3 : c\'est le bucket où Vigie range les fichiers.');
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) errors.push('METRICS_TOKEN doit compter au moins 16 caractères.');
  if (!env.SESSION_SECRET) errors.push('SESSION_SECRET est obligatoire en production.');
  if (!env.BASE_URL) {
    errors.push('BASE_URL est obligatoire en production : c\'est l\'adresse publique de Vigie (https://vigie.exemple.fr), utilisée dans les liens envoyés par e-mail.');
  } else if (!/^https?:\/\/[^/\s]+/.test(env.BASE_URL)) {
    errors.push(`BASE_URL doit être une adresse http(s) complète, par exemple https://vigie.exemple.fr (reçu : « ${env.BASE_URL} »).`);
  }
  return errors;
}

/** Reads the configuration from `process.env`, with defaults for development. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = (env.NODE_ENV === 'production' || env.NODE_ENV === 'test') ? env.NODE_ENV : 'development';
  const port = Number(env.PORT || 3000);
  return {
    env: mode,
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || path.join(ROOT_DIR, 'var', 'pglite'),
    pglitePort: /^[1-9]\d*$/.test(env.PGLITE_PORT ?? '') ? Number(env.PGLITE_PORT) : undefined,
    // In production a secret must be given; elsewhere a per-install one is derived at start.
    sessionSecret: env.SESSION_SECRET || '',
    storageDir: env.STORAGE_DIR || path.join(ROOT_DIR, 'var', 'storage'),
    storage: storageConfig(env),
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    baseUrl: env.BASE_URL || `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shutdownTimeoutMs: positive(env.SHUTDOWN_TIMEOUT_MS, 20_000),
    metrics: {
      port: /^[1-9]\d*$/.test(env.METRICS_PORT ?? '') ? Number(env.METRICS_PORT) : undefined,
      token: env.METRICS_TOKEN && env.METRICS_TOKEN.length >= 16 ? env.METRICS_TOKEN : undefined,
    },
    database: {
      poolSize: positive(env.DB_POOL_SIZE, 10),
      poolWaitMs: positive(env.DB_POOL_WAIT_MS, 5000),
      statementTimeoutMs: positive(env.DB_STATEMENT_TIMEOUT_MS, 15_000, true),
    },
  };
}
