import type { DataSource } from 'typeorm';
import type { Contribution } from '../../kernel/extension';
import type { RouteDef } from '../../kernel/http/route-table';

/**
 * One part of the prevention plan (the plan itself, companies, staff, indicators, amendment, sign
 * link, output, signing, inspection, actions): its routes, demo data, recurring jobs and what it
 * adds to extension points (tabs, checks, history labels, listeners, job handlers ...).
 * `prevention-plan.routes.ts` puts the parts together; each part lives in its own folder and
 * reaches another only through `core/`.
 */
export interface PlanPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the order of `PLAN_PARTS` (the plans first). */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  schedule?: (db: DataSource) => Promise<void>;
  /** The part's share of the module's `contributes`. */
  contributes?: Contribution[];
}
