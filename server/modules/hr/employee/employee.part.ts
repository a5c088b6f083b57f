import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import { jobHandlers } from '../../../kernel/jobs';
import { trashables } from '../../../kernel/trash/trash';
import type { HrPart } from '../hr-part';
import * as e from './employee.handlers';
import * as c from './activity-category.handlers';
import { employeeImporter, employeeImportScreens as imp } from './employee-import';
import { parseEmployeeFile } from './employee.uploads';
import { seedEmployeeDemo } from './employee.demo';

const VIEW = 'hr.view';
const MANAGE = 'hr.manage_employees';
const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'rh_employee_index', method: 'GET', path: '/rh/employees', right: VIEW, handler: e.index },
  { name: 'rh_employee_export', method: 'GET', path: '/rh/employees/export.csv', right: VIEW, heavy: 'export', handler: e.exportCsv },
  { name: 'rh_employee_export_xlsx', method: 'GET', path: '/rh/employees/export.xlsx', right: VIEW, heavy: 'export', handler: e.exportXlsx },
  { name: 'rh_employee_add', method: GP, path: '/rh/employees/new', right: MANAGE, handler: e.add },
  { name: 'rh_employee_import', method: 'GET', path: '/rh/employees/import', right: MANAGE, handler: imp.form },
  { name: 'rh_employee_import_upload', method: 'POST', path: '/rh/employees/import', right: MANAGE, handler: imp.upload, bodyParsers: [imp.parseFile] },
  { name: 'rh_employee_import_show', method: 'GET', path: '/rh/employees/import/{id}', right: MANAGE, handler: imp.show },
  { name: 'rh_employee_import_progress', method: 'GET', path: '/rh/employees/import/{id}/progress', right: MANAGE, handler: imp.progress },
  { name: 'rh_employee_show', method: 'GET', path: '/rh/employees/{id}', right: VIEW, handler: e.show },
  { name: 'rh_employee_edit', method: GP, path: '/rh/employees/{id}/edit', right: MANAGE, handler: e.edit },
  { name: 'rh_employee_delete', method: 'POST', path: '/rh/employees/{id}/delete', right: MANAGE, handler: e.remove },
  { name: 'rh_employee_file_upload', method: GP, path: '/rh/employees/{id}/files/{kind}/upload', right: MANAGE, handler: e.fileUpload, requirements: { kind: 'cv|job_sheet' }, defaults: { kind: 'cv' }, bodyParsers: [parseEmployeeFile] },
  { name: 'rh_employee_file_download', method: 'GET', path: '/rh/employees/{id}/files/{kind}/download', right: VIEW, handler: e.fileDownload, requirements: { kind: 'cv|job_sheet' }, defaults: { kind: 'cv' } },

  { name: 'rh_activity_category_index', method: 'GET', path: '/rh/activity-categories', right: MANAGE, handler: c.index },
  { name: 'rh_activity_category_add', method: GP, path: '/rh/activity-categories/new', right: MANAGE, handler: c.add },
  { name: 'rh_activity_category_edit', method: GP, path: '/rh/activity-categories/{id}/edit', right: MANAGE, handler: c.edit },
  { name: 'rh_activity_category_delete', method: 'POST', path: '/rh/activity-categories/{id}/delete', right: MANAGE, handler: c.remove },
];

/** Employees, activity categories and the CSV import. */
export const employeePart: HrPart = {
  routes,
  demo: seedEmployeeDemo,
  contributes: [
    contribute(trashables, { table: 'employee', typeKey: 'hr.trash.employee' }, { table: 'activity_category', typeKey: 'hr.trash.activity_category' }),
    contribute(jobHandlers, employeeImporter.handler),
  ],
};
