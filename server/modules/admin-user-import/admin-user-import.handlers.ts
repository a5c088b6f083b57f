import { csvImportScreens } from '../../kernel/csv-import/csv-import.handlers';
import { userImporter } from './admin-user-import.service';

/** A sample token: builds the password link template from the route table. */
const SAMPLE_TOKEN = 'T'.repeat(43);

/**
 * The user import screens, on the shared CSV import machinery: `GET /admin/users/import` (form,
 * template, last imports), the upload, the report `/admin/users/import/{id}` and its JSON progress.
 */
export const userImportScreens = csvImportScreens({
  importer: userImporter,
  routes: { form: 'admin_user_import', upload: 'admin_user_import_upload', show: 'admin_user_import_show', progress: 'admin_user_import_progress' },
  views: { form: 'admin-user-import/form', show: 'admin-user-import/show' },
  titleKey: 'user_import.title',
  refusals: { 'csv_import.errors.encoding': 'user_import.errors.encoding' },
  // The welcome mail is asked for by default; a refused upload keeps what was chosen.
  formLocals: (req, posted) => ({ sendMail: posted ? req.body?.send_mail === '1' : true }),
  startExtra: (req) => {
    const base = req.ctx.config.baseUrl.replace(/\/$/, '');
    const linkTemplate = `${base}${req.ctx.routes.path('password_reset', { token: SAMPLE_TOKEN }).replace(SAMPLE_TOKEN, '{token}')}`;
    return { sendMail: req.body?.send_mail === '1', linkTemplate };
  },
});
