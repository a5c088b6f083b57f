import { contribute } from '../../../kernel/extension';
import { homeCards } from '../../../kernel/home-cards';
import { jobHandlers } from '../../../kernel/jobs';
import { trashables } from '../../../kernel/trash/trash';
import { employeePageTabs } from '../employee-tabs';
import type { HrPart } from '../hr-part';
import * as types from './health-types.handlers';
import * as checkups from './medical-checkup.handlers';
import * as stoppages from './work-interruption.handlers';
import { seedHealthDemo } from './health.demo';
import { medicalAlertHandler, medicalAlertTenantHandler, scheduleMedicalAlerts } from './medical-alert.job';
import { interruptionsTab, medicalTab } from './health-tabs';
import { medicalCheckupsDueCard } from './checkup-home';

const MANAGE = 'hr.manage_employees';
const STOPPAGES = 'hr.work_stoppages';

/** Health: medical check-ups (types, records, monitoring, alerts), work accidents and interruptions, accident types. */
export const healthPart: HrPart = {
  routes: [
    { name: 'rh_medical_checkup_index', method: 'GET', path: '/rh/medical-checkups', right: MANAGE, handler: checkups.checkupIndex },
    { name: 'rh_medical_checkup_add', method: ['GET', 'POST'], path: '/rh/medical-checkups/new', right: MANAGE, handler: checkups.checkupAdd },
    { name: 'rh_medical_checkup_edit', method: ['GET', 'POST'], path: '/rh/medical-checkups/{id}/edit', right: MANAGE, handler: checkups.checkupEdit },
    { name: 'rh_medical_checkup_type_index', method: 'GET', path: '/rh/medical-checkup-types', right: MANAGE, handler: types.checkupTypeIndex },
    { name: 'rh_medical_checkup_type_add', method: ['GET', 'POST'], path: '/rh/medical-checkup-types/new', right: MANAGE, handler: types.checkupTypeAdd },
    { name: 'rh_medical_checkup_type_edit', method: ['GET', 'POST'], path: '/rh/medical-checkup-types/{id}/edit', right: MANAGE, handler: types.checkupTypeEdit },
    { name: 'rh_medical_checkup_type_delete', method: 'POST', path: '/rh/medical-checkup-types/{id}/delete', right: MANAGE, handler: types.checkupTypeDelete },
    { name: 'rh_work_interruption_index', method: 'GET', path: '/rh/work-interruptions', right: STOPPAGES, handler: stoppages.interruptionIndex },
    { name: 'rh_work_interruption_add', method: ['GET', 'POST'], path: '/rh/work-interruptions/new', right: STOPPAGES, handler: stoppages.interruptionAdd },
    { name: 'rh_work_interruption_form_fields', method: 'POST', path: '/rh/work-interruptions/form-fields', right: STOPPAGES, handler: stoppages.interruptionFormFields },
    { name: 'rh_work_interruption_show', method: 'GET', path: '/rh/work-interruptions/{id}', right: STOPPAGES, handler: stoppages.interruptionShow },
    { name: 'rh_work_interruption_edit', method: ['GET', 'POST'], path: '/rh/work-interruptions/{id}/edit', right: STOPPAGES, handler: stoppages.interruptionEdit },
    { name: 'rh_work_interruption_delete', method: 'POST', path: '/rh/work-interruptions/{id}/delete', right: STOPPAGES, handler: stoppages.interruptionDelete },
    { name: 'rh_work_interruption_analysis', method: 'POST', path: '/rh/work-interruptions/{id}/analysis', right: STOPPAGES, handler: stoppages.interruptionAnalysis },
    { name: 'rh_accident_type_index', method: 'GET', path: '/rh/accident-types', right: STOPPAGES, handler: types.accidentTypeIndex },
    { name: 'rh_accident_type_add', method: ['GET', 'POST'], path: '/rh/accident-types/new', right: STOPPAGES, handler: types.accidentTypeAdd },
    { name: 'rh_accident_type_edit', method: ['GET', 'POST'], path: '/rh/accident-types/{id}/edit', right: STOPPAGES, handler: types.accidentTypeEdit },
    { name: 'rh_accident_type_delete', method: 'POST', path: '/rh/accident-types/{id}/delete', right: STOPPAGES, handler: types.accidentTypeDelete },
  ],
  demo: seedHealthDemo,
  schedule: scheduleMedicalAlerts,
  contributes: [
    contribute(employeePageTabs, interruptionsTab, medicalTab),
    contribute(homeCards, medicalCheckupsDueCard),
    contribute(jobHandlers, medicalAlertTenantHandler, medicalAlertHandler),
    contribute(
      trashables,
      { table: 'medical_checkup_type', typeKey: 'hr-health.trash.medical_checkup_type' },
      { table: 'accident_type', typeKey: 'hr-health.trash.accident_type' },
      { table: 'work_interruption', typeKey: 'hr-health.trash.work_interruption' },
    ),
  ],
};
