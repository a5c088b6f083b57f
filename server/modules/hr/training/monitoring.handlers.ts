import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, tenantOf } from '../../../kernel/http/respond';
import { requireEmployee } from '../employee-access';
import { listFormations } from './training-admin.service';
import { FORMATION_STATUSES } from './training-dates';
import { formationHistory, monitoringCounts, monitoringRows } from './monitoring.service';
import { monitoringFilterSchema } from './training.schema';

/** `GET /rh/formation-monitoring` (rh_formation_monitoring_index): validity and expiry per employee and formation. */
export async function monitoringIndex(req: Request, res: Response): Promise<void> {
  const { status, formation: formationId, q } = monitoringFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const [{ rows, total }, counts, formations] = await Promise.all([
    monitoringRows(req.ctx.db, req.authUser!, { status, formationId, q }, todayIso(), page),
    monitoringCounts(req.ctx.db, req.authUser!, { formationId, q }, todayIso()),
    listFormations(req.ctx.db, tenantOf(req)),
  ]);
  await renderScreen(req, res, 'hr/training/monitoring', {
    title: req.t('hr-training.monitoring.title'), hideTitle: true, rows, counts, formations, filters: { status, formationId, q }, statuses: FORMATION_STATUSES,
    pager: buildPager(req, page, total),
  });
}

/**
 * `GET /rh/formation-monitoring/history/{formationId}/{userId}` (rh_formation_monitoring_formation_history):
 * the employee's (`userId` is the employee id, as the spec names it) records of the formation, in a modal.
 */
export async function monitoringHistory(req: Request, res: Response): Promise<void> {
  const employee = await requireEmployee(req, routeId(req, 'userId'));
  const history = orNotFound(await formationHistory(req.ctx.db, tenantOf(req), employee.id, routeId(req, 'formationId'), todayIso()));
  await renderScreen(req, res, 'hr/training/_history', {
    title: req.t('hr-training.monitoring.history_title', { formation: history.formationName, employee: employee.fullName }), employee, history,
  });
}
