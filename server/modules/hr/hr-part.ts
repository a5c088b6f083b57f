import type { DataSource } from 'typeorm';
import type { RouteDef } from '../../kernel/http/route-table';

/**
 * One part of the HR module (employees, training, health, time): its routes, demo data and
 * recurring jobs. `hr.routes.ts` puts the parts together, so each part lives in its own folder.
 */
export interface HrPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the order of `HR_PARTS` (employees first). */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  schedule?: (db: DataSource) => Promise<void>;
}
