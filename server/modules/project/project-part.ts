import type { DataSource } from 'typeorm';
import type { RouteDef } from '../../kernel/http/route-table';

/**
 * One part of the project module (core, tasks, gantt): its routes, demo data and recurring
 * jobs. `project.routes.ts` puts the parts together, so each part lives in its own folder.
 */
export interface ProjectPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the order of `PROJECT_PARTS` (projects first). */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  schedule?: (db: DataSource) => Promise<void>;
}
