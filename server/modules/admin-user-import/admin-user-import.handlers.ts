import type { Request, Response } from 'express';
import { loadConfig } from '../../kernel/config';
import { HttpError } from '../../kernel/http/errors';
import { renderScreen } from '../../kernel/http/render';
import { createStorage, readAll } from '../../kernel/storage';
import { uploadFiles } from '../../kernel/uploads';
import { findImport, IMPORT_COLUMNS, progressOf, recentImports, startImport } from './admin-user-import.service';

const storage = createStorage(loadConfig());
/** Most bytes of an import file (about 20 000 rows). */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** A sample token: builds the password link template from the route table. */
const SAMPLE_TOKEN = 'T'.repeat(43);

/** Parses the import form: one `.csv` (or `.txt`) file in `file`, checked by the upload kernel. */
export const parseImportFile = uploadFiles({ storage, field: 'file', maxFiles: 1, maxBytes: MAX_IMPORT_BYTES, allowed: ['csv', 'txt'] });

async function renderForm(req: Request, res: Response, error: string | null, sendMail: boolean): Promise<void> {
  await renderScreen(req, res, 'admin-user-import/form', {
    title: req.t('user_import.title'), hideTitle: true, error, sendMail, columns: IMPORT_COLUMNS,
    imports: await recentImports(req.ctx.db, req.authUser!.tenantId),
  });
}

/** `GET /admin/users/import`: the upload form, the template and the last imports. */
export async function form(req: Request, res: Response): Promise<void> {
  await renderForm(req, res, null, true);
}

/** The refusal of the upload kernel in words; a text file refused is a file that is not UTF-8. */
function uploadRefusal(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  if (!e) return null;
  if (e.key === 'upload.type_not_allowed' && /\.(csv|txt)$/i.test(String(e.params.name ?? ''))) return req.t('user_import.errors.encoding');
  return req.t(e.key, e.params);
}

/** `POST /admin/users/import`: stores the rows, enqueues the job and shows its report (303). */
export async function upload(req: Request, res: Response): Promise<void> {
  const sendMail = req.body?.send_mail === '1';
  const refused = uploadRefusal(req);
  if (refused) return renderForm(req, res, refused, sendMail);
  const staged = req.uploads?.[0];
  if (!staged) return renderForm(req, res, req.t('user_import.errors.no_file'), sendMail);
  let content: Buffer;
  try {
    content = await readAll(await storage.get(staged.tmpKey));
  } finally {
    // The rows go to the database: the file itself is not kept.
    await storage.delete(staged.tmpKey).catch(() => undefined);
  }
  const base = req.ctx.config.baseUrl.replace(/\/$/, '');
  const linkTemplate = `${base}${req.ctx.routes.path('password_reset', { token: SAMPLE_TOKEN }).replace(SAMPLE_TOKEN, '{token}')}`;
  const result = await startImport(req.ctx.db, req.authUser!, { name: staged.originalName, content }, { sendMail, linkTemplate });
  if (!result.ok) return renderForm(req, res, req.t(result.error), sendMail);
  res.redirect(303, req.ctx.routes.path('admin_user_import_show', { id: result.id }));
}

async function loadImport(req: Request) {
  const imp = await findImport(req.ctx.db, req.authUser!.tenantId, Number(req.routeParams.id));
  if (!imp) throw new HttpError(404, 'errors.not_found.title');
  return imp;
}

/** `GET /admin/users/import/{id}`: progress while running (the page refreshes itself), then the per-row errors. */
export async function show(req: Request, res: Response): Promise<void> {
  const imp = await loadImport(req);
  const progress = progressOf(imp);
  const errors = [...imp.errors].sort((a, b) => a.line - b.line);
  await renderScreen(req, res, 'admin-user-import/show', {
    title: req.t('user_import.report.title', { name: imp.fileName }), hideTitle: true, imp, progress, errors,
    running: imp.status === 'pending' || imp.status === 'running',
  });
}

/** `GET /admin/users/import/{id}/progress`: the same progress as JSON. */
export async function progress(req: Request, res: Response): Promise<void> {
  const imp = await loadImport(req);
  res.json({ id: imp.id, ...progressOf(imp), reportUrl: req.ctx.routes.path('admin_user_import_show', { id: imp.id }) });
}
