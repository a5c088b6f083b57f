import type { Request, Response } from 'express';
import { contentDisposition } from '../../kernel/storage';
import { requirePlan } from './plan-access';
import { renderPlanPdf, renderWorkInspectionPdf } from './plan-pdf.service';
import { zipSegment } from './plan-zip.writer';

/** Sends a generated PDF, shown in the browser (the user prints or saves it from there). */
export function sendPdf(res: Response, pdf: Buffer, fileName: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('Content-Disposition', contentDisposition(fileName, true));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(pdf);
}

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
