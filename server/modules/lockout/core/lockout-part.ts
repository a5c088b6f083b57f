import type { DataSource } from 'typeorm';
import type { Contribution } from '../../../kernel/extension';
import type { RouteDef } from '../../../kernel/http/route-table';

/**
 * One part of the lockout module (catalogue, machines, slips, indicators): its routes, demo data
 * and contributions. `lockout.routes.ts` puts the parts together; a part reaches another only through `core/`.
 */
export interface LockoutPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the module file's demo order. */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  contributes?: Contribution[];
}
