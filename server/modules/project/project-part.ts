import type { DataSource } from 'typeorm';
import type { Contribution } from '../../kernel/extension';
import type { RouteDef } from '../../kernel/http/route-table';

/**
 * One part of the project module (core, tasks, gantt): its routes, demo data, recurring jobs
 * and what it adds to extension points (tabs, home cards, job handlers ...). `project.routes.ts` puts the parts together, so each part lives in its own folder.
 */
export interface ProjectPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the order of `PROJECT_PARTS` (projects first). */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  schedule?: (db: DataSource) => Promise<void>;
  /** The part's share of the module's `contributes`. */
  contributes?: Contribution[];
}
