import type { DataSource } from 'typeorm';
import type { Contribution } from '../../../kernel/extension';
import type { RouteDef } from '../../../kernel/http/route-table';

/**
 * One part of the waste module (catalogue, vouchers, certificates, register, indicators): its routes, demo data
 * and contributions. `waste.routes.ts` puts the parts together; a part reaches another only through `core/`.
 */
export interface WastePart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the module file's demo order. */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  contributes?: Contribution[];
}
