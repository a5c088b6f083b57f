import type { Request, Response } from 'express';
import { sendPdf } from '../../signing/document-pdf';
import { requirePlan } from '../core/plan-access';
import { renderPlanPdf, renderWorkInspectionPdf } from '../core/plan-pdf.service';
import { zipSegment } from './plan-zip.writer';

/** `GET /prevention-plan/{id}/pdf` (pdp_pdf): the plan printed, for whoever may see it. */
export async function planPdf(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, req.routeParams.id, 'view');
  const pdf = await renderPlanPdf(req.ctx.db, plan.tenantId, plan.id, { locale: req.locale });
  sendPdf(res, pdf, `${zipSegment(plan.pdpNumber)}.pdf`);
}

/** `GET /prevention-plan/{id}/work-inspection-pdf` (pdp_work_inspection_pdf): the prior joint inspection report. */
export async function workInspectionPdf(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, req.routeParams.id, 'view');
  const pdf = await renderWorkInspectionPdf(req.ctx.db, plan.tenantId, plan.id, { locale: req.locale });
  sendPdf(res, pdf, `${zipSegment(plan.pdpNumber)}-${zipSegment(req.t('plan-pdf.inspection.file_name'))}.pdf`);
}
