import { defineModule } from '../../kernel/module';
import type { RiskEvaluationPart } from './risk-evaluation-part';
import { withDuTabs } from './core/du-tabs';
import { nomenclaturesPart } from './nomenclatures/nomenclatures.part';
import { workstationsPart } from './workstations/workstations.part';
import { evaluationsPart } from './evaluations/evaluations.part';
import { outputPart } from './output/output.part';
import { historyPart } from './history/history.part';
import { chemicalPart } from './chemical/chemical.part';
import { arduousnessPart } from './arduousness/arduousness.part';
import { actionsPart } from './actions/actions.part';
import { duplicationPart } from './duplication/duplication.part';
import { indicatorsPart } from './indicators/indicators.part';
import { papripactPart } from './papripact/papripact.part';

/** The parts of the unique risk document, in route-table order; nomenclatures first (the others' demo data uses them). */
const DU_PARTS: RiskEvaluationPart[] = [evaluationsPart, workstationsPart, nomenclaturesPart, actionsPart, chemicalPart, arduousnessPart, outputPart, historyPart, duplicationPart, indicatorsPart, papripactPart];
// The signed history last: its versions freeze the document the others filled.
const DEMO_ORDER: RiskEvaluationPart[] = [nomenclaturesPart, workstationsPart, evaluationsPart, chemicalPart, arduousnessPart, papripactPart, historyPart];

/**
 * The unique risk document (DUERP, issue 23): nomenclatures, workstations and risk evaluations.
 * Rights are the kernel catalogue's `unique_document.*` (seed 002 §6); nomenclatures need
 * `admin.nomenclatures`. Every route is behind the `module_unique_document` toggle.
 */
export const riskEvaluationModule = defineModule({
  name: 'risk-evaluation',
  routes: DU_PARTS.flatMap((p) => p.routes).map((r) => withDuTabs({ toggle: 'module_unique_document', ...r })),
  demo: async (db, tenantId) => {
    for (const p of DEMO_ORDER) if (p.demo) await p.demo(db, tenantId);
  },
  schedule: async (db) => {
    for (const p of DU_PARTS) if (p.schedule) await p.schedule(db);
  },
  contributes: DU_PARTS.flatMap((p) => p.contributes ?? []),
});
