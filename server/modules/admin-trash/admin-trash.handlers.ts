import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { listTrash, purgeFromTrash, restoreFromTrash } from '../../kernel/trash/trash';

/** `GET /admin/trash`: soft-deleted items (title, type, deletion date). */
export async function index(req: Request, res: Response): Promise<void> {
  const page = pageRequest(req);
  const { rows, total } = await listTrash(req.ctx.db, req.authUser!.tenantId, page);
  await renderScreen(req, res, 'admin-trash/index', { title: req.t('trash.title'), rows, pager: buildPager(req, page, total) });
}

/** `POST /admin/trash/{id}/restore`. */
export async function restore(req: Request, res: Response): Promise<void> {
  if (!(await restoreFromTrash(req.ctx.db, req.authUser!.tenantId, Number(req.routeParams.id)))) throw new HttpError(404, 'errors.not_found.title');
  addFlash(req, 'success', 'trash.restored');
  res.redirect(req.ctx.routes.path('admin_trash_index'));
}

/** `POST /admin/trash/{id}/delete`: for good, unless the record is still in use. */
export async function purge(req: Request, res: Response): Promise<void> {
  const result = await purgeFromTrash(req.ctx.db, req.authUser!.tenantId, Number(req.routeParams.id), req.authUser!.id);
  if (result === 'not_found') throw new HttpError(404, 'errors.not_found.title');
  addFlash(req, result === 'deleted' ? 'success' : 'danger', result === 'deleted' ? 'trash.deleted' : 'trash.in_use');
  res.redirect(req.ctx.routes.path('admin_trash_index'));
}
