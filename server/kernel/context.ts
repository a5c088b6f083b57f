import type { TFunction } from 'i18next';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './config';
import type { RouteTable } from './http/route-table';
import type { AuthUser } from './rights/auth-user';
import type { TenantCache } from './tenant-cache';

/** What every handler can reach: configuration, database and the route table. */
export interface AppContext {
  config: AppConfig;
  db: DataSource;
  routes: RouteTable;
  /** True while PostgreSQL answers; false after a connection failure until a probe succeeds. */
  databaseUp: boolean;
  /** This instance's per-company cache (see tenant-cache.ts). */
  tenantCache: TenantCache;
  /** Set on SIGTERM: `/readyz` answers 503 so the proxy stops sending traffic while requests finish. */
  draining?: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      ctx: AppContext;
      /** The logged-in user (null when anonymous). */
      authUser: AuthUser | null;
      /** Translator in the request's locale. */
      t: TFunction;
      locale: string;
      /** Params of the matched named route. */
      routeParams: Record<string, string>;
      routeName?: string;
      /** The active company's cache version, read with the user (null when anonymous). */
      tenantVersion?: string | null;
    }
  }
}
