import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import { homeCards } from '../../../kernel/home-cards';
import { jobHandlers } from '../../../kernel/jobs';
import { trashables } from '../../../kernel/trash/trash';
import { employeePageTabs } from '../employee-tabs';
import type { HrPart } from '../hr-part';
import * as admin from './training-admin.handlers';
import * as s from './session.handlers';
import * as mon from './monitoring.handlers';
import { trainingTimeWidget } from './training-widget';
import { seedTrainingDemo } from './training.demo';
import { formationAlertHandler, scheduleTrainingJobs, sessionNotifyHandler } from './training-jobs';
import { formationsTab } from './training.tab';
import { formationsToRenewCard } from './monitoring-home';

const F = 'hr.formations';
const BOTH: RouteDef['method'] = ['GET', 'POST'];

/** Training: themes, formations, trainers, sessions and formation monitoring. */
export const trainingPart: HrPart = {
  routes: [
    { name: 'rh_formation_index', method: 'GET', path: '/rh/formations', right: F, handler: admin.formationIndex },
    { name: 'rh_formation_add', method: BOTH, path: '/rh/formations/new', right: F, handler: admin.formationAdd },
    { name: 'rh_formation_edit', method: BOTH, path: '/rh/formations/{id}/edit', right: F, handler: admin.formationEdit },
    { name: 'rh_formation_delete', method: 'POST', path: '/rh/formations/{id}/delete', right: F, handler: admin.formationDelete },

    { name: 'rh_formation_theme_index', method: 'GET', path: '/rh/formation-themes', right: F, handler: admin.themeIndex },
    { name: 'rh_formation_theme_add', method: BOTH, path: '/rh/formation-themes/new', right: F, handler: admin.themeAdd },
    { name: 'rh_formation_theme_edit', method: BOTH, path: '/rh/formation-themes/{id}/edit', right: F, handler: admin.themeEdit },
    { name: 'rh_formation_theme_delete', method: 'POST', path: '/rh/formation-themes/{id}/delete', right: F, handler: admin.themeDelete },

    { name: 'rh_trainer_index', method: 'GET', path: '/rh/trainers', right: F, handler: admin.trainerIndex },
    { name: 'rh_trainer_add', method: BOTH, path: '/rh/trainers/new', right: F, handler: admin.trainerAdd },
    { name: 'rh_trainer_edit', method: BOTH, path: '/rh/trainers/{id}/edit', right: F, handler: admin.trainerEdit },
    { name: 'rh_trainer_delete', method: 'POST', path: '/rh/trainers/{id}/delete', right: F, handler: admin.trainerDelete },

    { name: 'rh_session_index', method: 'GET', path: '/rh/sessions', right: F, handler: s.sessionIndex },
    { name: 'rh_session_schedule', method: 'GET', path: '/rh/sessions/schedule', right: F, handler: s.sessionSchedule },
    { name: 'rh_session_populate_formations', method: 'GET', path: '/rh/sessions/populate-formations', right: F, handler: s.populateFormations },
    { name: 'rh_session_populate_trainers', method: 'GET', path: '/rh/sessions/populate-trainers', right: F, handler: s.populateTrainers },
    { name: 'rh_session_add', method: BOTH, path: '/rh/sessions/new', right: F, handler: s.sessionAdd },
    { name: 'rh_session_show', method: 'GET', path: '/rh/sessions/{id}', right: F, handler: s.sessionShow },
    { name: 'rh_session_edit', method: BOTH, path: '/rh/sessions/{id}/edit', right: F, handler: s.sessionEdit },
    { name: 'rh_session_delete', method: 'POST', path: '/rh/sessions/{id}/delete', right: F, handler: s.sessionDelete },
    { name: 'rh_session_add_employee', method: BOTH, path: '/rh/sessions/{id}/employees/add', right: F, handler: s.sessionAddEmployee },
    { name: 'rh_session_remove_employee', method: 'POST', path: '/rh/sessions/{id}/employees/{employeeId}/remove', right: F, handler: s.sessionRemoveEmployee },
    { name: 'rh_session_attendance', method: 'POST', path: '/rh/sessions/{id}/attendance', right: F, handler: s.sessionAttendance },
    { name: 'rh_session_justification_edit', method: BOTH, path: '/rh/sessions/{id}/justification', right: F, handler: s.sessionJustification },
    trainingTimeWidget,

    { name: 'rh_formation_monitoring_index', method: 'GET', path: '/rh/formation-monitoring', right: 'hr.view', handler: mon.monitoringIndex },
    { name: 'rh_formation_monitoring_formation_history', method: 'GET', path: '/rh/formation-monitoring/history/{formationId}/{userId}', right: 'hr.view', handler: mon.monitoringHistory },
  ],
  demo: seedTrainingDemo,
  schedule: scheduleTrainingJobs,
  contributes: [
    contribute(employeePageTabs, formationsTab),
    contribute(homeCards, formationsToRenewCard),
    contribute(jobHandlers, sessionNotifyHandler, formationAlertHandler),
    contribute(
      trashables,
      { table: 'training_session', typeKey: 'hr-training.trash.training_session' },
      { table: 'formation_theme', typeKey: 'hr-training.trash.formation_theme' },
      { table: 'formation', typeKey: 'hr-training.trash.formation' },
      { table: 'trainer', typeKey: 'hr-training.trash.trainer' },
    ),
  ],
};
