import type { RouteDef } from '../../../kernel/http/route-table';
import type { PlanPart } from '../plan-part';
import { planPdf, workInspectionPdf } from './plan-pdf.handlers';
import { planZip } from './plan-zip.handlers';

const T = 'module_prevention_plan';
const V = 'pdp.view';

/**
 * The plan printed (PDF), its archive with its documents (zip) and the prior joint inspection
 * report (PDF). Whoever sees the plan may have them: `requirePlan(req, id, 'view')` decides.
 */
const PLAN_PDF_ROUTES: RouteDef[] = [
  { name: 'pdp_pdf', method: 'GET', path: '/prevention-plan/{id}/pdf', right: V, toggle: T, heavy: 'pdf', handler: planPdf },
  { name: 'pdp_zip', method: 'GET', path: '/prevention-plan/{id}/zip', right: V, toggle: T, heavy: 'zip', handler: planZip },
  { name: 'pdp_work_inspection_pdf', method: 'GET', path: '/prevention-plan/{id}/work-inspection-pdf', right: V, toggle: T, heavy: 'pdf', handler: workInspectionPdf },
];

/** The plan printed and archived. */
export const outputPart: PlanPart = { routes: PLAN_PDF_ROUTES };
