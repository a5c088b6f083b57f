import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { renderPdf } from '../../../kernel/pdf';
import { hierarchyLogoDataUrl } from '../../hierarchy/hierarchy-logo';
import { pageFooter, pdfFileName, printHelpers, printTranslator, sendPdf, tenantName } from '../../signing/document-pdf';
import { deadlineState } from '../core/deadline';
import { requireTour } from './tour-access';
import { listTourControls } from './tour-controls.service';

/**
 * `GET /equipment/tours/{id}/pdf` (vgp_tour_print): the round sheet, an A4 PDF: the tour's entity,
 * date, controller, then its controls in order with their equipment, location, last control, next
 * deadline and a box to tick on site (ticked already for the controls marked done).
 */
export async function tourPrint(req: Request, res: Response): Promise<void> {
  const tour = await requireTour(req);
  const db = req.ctx.db;
  const controls = await listTourControls(db, req.authUser!.tenantId, tour.id);
  const t = printTranslator(req.locale);
  const today = todayIso();
  const pdf = await renderPdf({
    title: t('vgp-tours.pdf.title', { name: tour.name }), companyName: await tenantName(db, req.authUser!.tenantId),
    logo: await hierarchyLogoDataUrl(db, req.authUser!.tenantId, tour.hierarchyItemId),
    template: 'equipment/tours/pdf', footer: pageFooter(tour.name),
    locals: { ...printHelpers(t), tour, controls, overdue: (deadline: string | null) => deadlineState(deadline, today) === 'overdue' },
  });
  sendPdf(res, pdf, pdfFileName(tour.name));
}
