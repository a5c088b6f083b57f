import type { DataSource } from 'typeorm';
import type { Contribution } from '../../../kernel/extension';
import type { RouteDef } from '../../../kernel/http/route-table';

/**
 * One part of the equipment module (catalogue, equipment, controls, forms, the control flow, the
 * maintenance book, tours, labels, indicators): its routes, demo data, recurring jobs and
 * contributions. `equipment.routes.ts` puts the parts together; a part reaches another only through `core/`.
 */
export interface VgpPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the module file's demo order. */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  schedule?: (db: DataSource) => Promise<void>;
  contributes?: Contribution[];
}
