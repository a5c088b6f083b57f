import path from 'node:path';

/** Root of the repository (server/kernel/ -> ../..). */
export const ROOT_DIR = path.resolve(__dirname, '..', '..');

/** Runtime configuration read once from the environment. */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  databaseUrl: string | undefined;
  pgliteDir: string;
  sessionSecret: string;
  storageDir: string;
  chromiumPath: string;
  baseUrl: string;
  logLevel: string;
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
    // In production a secret must be given; elsewhere a per-install one is derived at start.
    sessionSecret: env.SESSION_SECRET || '',
    storageDir: env.STORAGE_DIR || path.join(ROOT_DIR, 'var', 'storage'),
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    baseUrl: env.BASE_URL || `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
  };
}
