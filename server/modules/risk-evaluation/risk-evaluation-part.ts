import type { DataSource } from 'typeorm';
import type { Contribution } from '../../kernel/extension';
import type { RouteDef } from '../../kernel/http/route-table';

/**
 * One part of the unique risk document (nomenclatures, workstations, evaluations; later actions,
 * export, signed history, chemical risk, arduousness, PAPRIPACT, duplication, indicators): its
 * routes, demo data, recurring jobs and what it adds to extension points. `risk-evaluation.routes.ts`
 * puts the parts together; each part lives in its own folder and reaches another only through `core/`.
 */
export interface RiskEvaluationPart {
  routes: RouteDef[];
  /** Demo data of the part; parts run in the order of the module file (nomenclatures first). */
  demo?: (db: DataSource, tenantId: number) => Promise<void>;
  schedule?: (db: DataSource) => Promise<void>;
  /** The part's share of the module's `contributes`. */
  contributes?: Contribution[];
}
