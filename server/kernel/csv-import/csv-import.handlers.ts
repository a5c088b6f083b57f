import type { Request, RequestHandler, Response } from 'express';
import { loadConfig } from '../config';
import { HttpError } from '../http/errors';
import { renderScreen } from '../http/render';
import { createStorage, readAll } from '../storage';
import { uploadFiles } from '../uploads';
import { IMPORT_ERRORS, progressOf, type CsvImporter } from './csv-import';

const storage = createStorage(loadConfig());
/** Most bytes of an import file (about 20 000 rows). */
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** How a kind of import shows itself: its routes, views and words. */
export interface ImportScreensOptions {
  importer: CsvImporter;
  /** Route names of the form (GET), the upload (POST), the report and its JSON progress. */
  routes: { form: string; upload: string; show: string; progress: string };
  /** The kind's views; they include `partials/_import-upload`, `_import-history` and `_import-report`. */
  views: { form: string; show: string };
  /** Translation key of the form page's title. */
  titleKey: string;
  /** Kind-specific words for a whole-file refusal of the machinery (e.g. "no user was imported"). */
  refusals?: Partial<Record<(typeof IMPORT_ERRORS)[keyof typeof IMPORT_ERRORS], string>>;
  /** More locals of the form (e.g. the state of an option checkbox); `posted` after a refused upload. */
  formLocals?: (req: Request, posted: boolean) => Record<string, unknown>;
  /** Options stored with the import (the user import's welcome mail). */
  startExtra?: (req: Request) => { sendMail?: boolean; linkTemplate?: string };
}

/** The four handlers of an import screen, plus the body parser of its upload route. */
export interface ImportScreens {
  parseFile: RequestHandler;
  form: (req: Request, res: Response) => Promise<void>;
  upload: (req: Request, res: Response) => Promise<void>;
  show: (req: Request, res: Response) => Promise<void>;
  progress: (req: Request, res: Response) => Promise<void>;
}

/**
 * Builds the screens of a kind of import: the upload form with the last imports, the upload
 * (file checked then stored as rows, 303 to the report), the report (progress while the job
 * runs, then the refused rows) and its JSON progress. Another company's import is a 404.
 */
export function csvImportScreens(opts: ImportScreensOptions): ImportScreens {
  const { importer, routes } = opts;
  const refusal = (key: string) => (opts.refusals as Record<string, string> | undefined)?.[key] ?? key;

  async function renderForm(req: Request, res: Response, error: string | null): Promise<void> {
    await renderScreen(req, res, opts.views.form, {
      title: req.t(opts.titleKey), hideTitle: true, error, columns: importer.columns, importRoutes: routes,
      imports: await importer.recent(req.ctx.db, req.authUser!.tenantId),
      ...opts.formLocals?.(req, error !== null),
    });
  }

  /** The refusal of the upload kernel in words; a text file refused is a file that is not UTF-8. */
  function uploadRefusal(req: Request): string | null {
    const e = req.uploadErrors?.[0];
    if (!e) return null;
    if (e.key === 'upload.type_not_allowed' && /\.(csv|txt)$/i.test(String(e.params.name ?? ''))) return req.t(refusal(IMPORT_ERRORS.encoding));
    return req.t(e.key, e.params);
  }

  async function loadImport(req: Request) {
    const imp = await importer.find(req.ctx.db, req.authUser!.tenantId, Number(req.routeParams.id));
    if (!imp) throw new HttpError(404, 'errors.not_found.title');
    return imp;
  }

  return {
    parseFile: uploadFiles({ storage, field: 'file', maxFiles: 1, maxBytes: MAX_IMPORT_BYTES, allowed: ['csv', 'txt'] }),
    form: (req, res) => renderForm(req, res, null),
    upload: async (req, res) => {
      const refused = uploadRefusal(req);
      if (refused) return renderForm(req, res, refused);
      const staged = req.uploads?.[0];
      if (!staged) return renderForm(req, res, req.t(refusal(IMPORT_ERRORS.noFile)));
      let content: Buffer;
      try {
        content = await readAll(await storage.get(staged.tmpKey));
      } finally {
        // The rows go to the database: the file itself is not kept.
        await storage.delete(staged.tmpKey).catch(() => undefined);
      }
      const result = await importer.start(req.ctx.db, req.authUser!, { name: staged.originalName, content }, opts.startExtra?.(req));
      if (!result.ok) return renderForm(req, res, req.t(refusal(result.error)));
      res.redirect(303, req.ctx.routes.path(routes.show, { id: result.id }));
    },
    show: async (req, res) => {
      const imp = await loadImport(req);
      const errors = [...imp.errors].sort((a, b) => a.line - b.line);
      await renderScreen(req, res, opts.views.show, {
        title: req.t('csv_import.report.title', { name: imp.fileName }), hideTitle: true, imp, progress: progressOf(imp), errors,
        running: imp.status === 'pending' || imp.status === 'running', importRoutes: routes,
      });
    },
    progress: async (req, res) => {
      const imp = await loadImport(req);
      res.json({ id: imp.id, ...progressOf(imp), reportUrl: req.ctx.routes.path(routes.show, { id: imp.id }) });
    },
  };
}
