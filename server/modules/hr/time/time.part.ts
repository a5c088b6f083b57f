import { contribute } from '../../../kernel/extension';
import { homeCards } from '../../../kernel/home-cards';
import { jobHandlers } from '../../../kernel/jobs';
import { employeePageTabs } from '../employee-tabs';
import type { HrPart } from '../hr-part';
import { leaveAdd, leaveCancel, leaveIndex, leaveRefuse, leaveValidate } from './leave.handlers';
import { objectiveAdd, objectiveDelete, objectiveEdit, objectiveIndex } from './objective.handlers';
import { statsExport, statsExportXlsx, statsIndex } from './stats.handlers';
import { WORK_ACCIDENT_WIDGETS } from './stats.widgets';
import { workTimeIndex, workTimeSave } from './work-time.handlers';
import { seedTimeDemo } from './time.demo';
import { leaveTab } from './leave-tab';
import { leaveToValidateCard } from './leave-home';
import { leaveDecisionMailHandler } from './leave-mail';

const OBJ = 'admin.objectives';

/** Time: paid leave, work time, TF / TG statistics and objectives, work-accident widgets. */
export const timePart: HrPart = {
  routes: [
    { name: 'rh_paid_leave_request_index', method: 'GET', path: '/rh/paid-leave-requests', right: 'hr.leave_ask', handler: leaveIndex },
    { name: 'rh_paid_leave_request_add', method: ['GET', 'POST'], path: '/rh/paid-leave-requests/new', right: 'hr.leave_ask', handler: leaveAdd },
    { name: 'rh_paid_leave_request_validate', method: 'POST', path: '/rh/paid-leave-requests/{id}/validate', right: 'hr.leave_manage', handler: leaveValidate },
    { name: 'rh_paid_leave_request_refuse', method: ['GET', 'POST'], path: '/rh/paid-leave-requests/{id}/refuse', right: 'hr.leave_manage', handler: leaveRefuse },
    { name: 'rh_paid_leave_request_cancel', method: 'POST', path: '/rh/paid-leave-requests/{id}/cancel', right: 'hr.leave_ask', handler: leaveCancel },
    { name: 'rh_work_time_index', method: 'GET', path: '/rh/work-time', right: 'hr.work_time', handler: workTimeIndex },
    { name: 'rh_work_time_save', method: 'POST', path: '/rh/work-time/save', right: 'hr.work_time', handler: workTimeSave },
    { name: 'rh_statistics_index', method: 'GET', path: '/rh/statistics', right: 'hr.work_stoppages', handler: statsIndex },
    { name: 'rh_statistics_export', method: 'GET', path: '/rh/statistics/export.csv', right: 'hr.work_stoppages', heavy: 'export', handler: statsExport },
    { name: 'rh_statistics_export_xlsx', method: 'GET', path: '/rh/statistics/export.xlsx', right: 'hr.work_stoppages', heavy: 'export', handler: statsExportXlsx },
    { name: 'admin_objective_index', method: 'GET', path: '/admin/objectives', right: OBJ, handler: objectiveIndex },
    { name: 'admin_objective_add', method: ['GET', 'POST'], path: '/admin/objectives/new', right: OBJ, handler: objectiveAdd },
    { name: 'admin_objective_edit', method: ['GET', 'POST'], path: '/admin/objectives/{id}/edit', right: OBJ, handler: objectiveEdit },
    { name: 'admin_objective_delete', method: 'POST', path: '/admin/objectives/{id}/delete', right: OBJ, handler: objectiveDelete },
    ...WORK_ACCIDENT_WIDGETS,
  ],
  demo: seedTimeDemo,
  contributes: [
    contribute(employeePageTabs, leaveTab),
    contribute(homeCards, leaveToValidateCard),
    contribute(jobHandlers, leaveDecisionMailHandler),
  ],
};
