import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { jobHandlers } from '../../kernel/jobs';
import { userImportScreens as s } from './admin-user-import.handlers';
import { userImporter } from './admin-user-import.service';

/** CSV import of users into the active company (spec §2 "user import", §5 "CSV import"), run as a job. */
export const adminUserImportModule = defineModule({
  name: 'admin-user-import',
  routes: [
    { name: 'admin_user_import', method: 'GET', path: '/admin/users/import', right: 'admin.users', handler: s.form },
    { name: 'admin_user_import_upload', method: 'POST', path: '/admin/users/import', right: 'admin.users', handler: s.upload, bodyParsers: [s.parseFile] },
    { name: 'admin_user_import_show', method: 'GET', path: '/admin/users/import/{id}', right: 'admin.users', handler: s.show },
    { name: 'admin_user_import_progress', method: 'GET', path: '/admin/users/import/{id}/progress', right: 'admin.users', handler: s.progress },
  ],
  contributes: [contribute(jobHandlers, userImporter.handler)],
});
