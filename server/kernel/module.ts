import type { DataSource } from 'typeorm';
import type { RouteDef } from './http/route-table';
import type { AuthUser } from './rights/auth-user';
import type { Contribution } from './extension';

/** An entry a module adds to the user menu (top-right), shown when `visible` says so. */
export interface UserMenuEntry {
  /** Translation key of the label. */
  label: string;
  route: string;
  icon: string;
  /** Opens in a modal. */
  modal?: boolean;
  visible?: (user: AuthUser) => boolean;
}

/** A business module: its named routes and rights, declared as data. */
export interface ModuleDef {
  name: string;
  routes: RouteDef[];
  /** Named rights by admin-matrix group. */
  rights?: Record<string, string[]>;
  /** Entries of the user menu, in order. */
  userMenu?: UserMenuEntry[];
  /** The module's part of the demo company (realistic French data), run by `demo:seed` and the first start. */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  /** Queues the module's recurring jobs once (each job then schedules its next run); called at start-up. */
  schedule?: (db: DataSource) => Promise<void>;
  /**
   * What the module adds to extension points (tabs, checks, listeners, home cards, job handlers,
   * trashable tables ...), each made with `contribute(point, ...items)`; added once at boot by
   * `installModules`, never by importing a file for its effect.
   */
  contributes?: Contribution[];
}

/** Identity helper that keeps module files typed. */
export function defineModule(def: ModuleDef): ModuleDef {
  return def;
}
