import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { searchSchema, serviceSchema, siteSchema, workUnitSchema } from './hierarchy.schema';
import {
  deleteService, deleteSite, deleteWorkUnit, findService, findSite, findWorkUnit, listSectors, listServices, listSites, listWorkUnits,
  removeItemPart, saveService, saveSite, saveWorkUnit, siteOptions,
} from './hierarchy.service';
import { keepUploads, uploadError } from './hierarchy.uploads';
import { orNotFound, removed, routeId, saved, stale } from './hierarchy.respond';
import { createSector, renderSectorForm } from './hierarchy.handlers';
import { tenantOf } from '../../kernel/http/respond';

// ---------------------------------------------------------------- sites

/** `GET /admin/sites`: sites with search and pagination. */
export async function siteIndex(req: Request, res: Response): Promise<void> {
  const { q } = searchSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listSites(req.ctx.db, tenantOf(req), q, page);
  await renderScreen(req, res, 'hierarchy/site_index', { hideTitle: true, title: req.t('hierarchy.sites.title'), rows, q, pager: buildPager(req, page, total) });
}

async function renderSiteForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, error: string | null = null): Promise<void> {
  await renderScreen(req, res, 'hierarchy/_site_form', { title: req.t(id ? 'hierarchy.sites.edit_title' : 'hierarchy.sites.new_title'), id, values, errors, error });
}

/** `GET /admin/sites/new`. */
export const siteNew = (req: Request, res: Response) => renderSiteForm(req, res, null, { version: 0 });

/** `GET /admin/sites/{id}/edit`. */
export async function siteEdit(req: Request, res: Response): Promise<void> {
  const site = orNotFound(await findSite(req.ctx.db, tenantOf(req), routeId(req)));
  await renderSiteForm(req, res, site.id, site);
}

/** `GET /admin/sites/{id}`: the site, its plan and sectors. */
export async function siteShow(req: Request, res: Response): Promise<void> {
  const site = orNotFound(await findSite(req.ctx.db, tenantOf(req), routeId(req)));
  await renderScreen(req, res, 'hierarchy/site_show', { hideTitle: true, title: site.name, site, sectors: await listSectors(req.ctx.db, tenantOf(req), { siteId: site.id }) });
}

async function siteSave(req: Request, res: Response, id: number | null): Promise<void> {
  const existing = id !== null ? orNotFound(await findSite(req.ctx.db, tenantOf(req), id)) : null;
  const form = parseForm(siteSchema, req.body, 'site');
  const error = uploadError(req);
  const values = { ...form.values, planFileId: existing?.planFileId ?? null };
  if (!form.ok || error) return renderSiteForm(req, res, id, values, form.ok ? {} : form.errors, error);
  const staged = req.uploads?.[0];
  const planFileId = staged ? (await keepUploads(req, [staged]))[0].id : null;
  const result = await saveSite(req.ctx.db, tenantOf(req), id, form.data, planFileId);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderSiteForm(req, res, id, values, result.errors);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.name });
}
/** `POST /admin/sites/new` (multipart, optional `plan`). */
export const siteCreate = (req: Request, res: Response) => siteSave(req, res, null);
/** `POST /admin/sites/{id}/edit`. */
export const siteUpdate = (req: Request, res: Response) => siteSave(req, res, routeId(req));
/** `POST /admin/sites/{id}/delete`: to the trash, refused while services are on the site. */
export async function siteDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await deleteSite(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

/** `GET /admin/sites/{id}/sectors/new`. */
export async function siteSectorForm(req: Request, res: Response): Promise<void> {
  const site = orNotFound(await findSite(req.ctx.db, tenantOf(req), routeId(req)));
  await renderSectorForm(req, res, req.ctx.routes.path('admin_site_sector_create', { id: site.id }), null);
}

/** `POST /admin/sites/{id}/sectors/new`. */
export async function siteSectorCreate(req: Request, res: Response): Promise<void> {
  const site = orNotFound(await findSite(req.ctx.db, tenantOf(req), routeId(req)));
  await createSector(req, res, { siteId: site.id }, req.ctx.routes.path('admin_site_sector_create', { id: site.id }));
}

/** `POST /admin/sites/sectors/{id}/delete`. */
export async function siteSectorDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, (await removeItemPart(req.ctx.db, tenantOf(req), 'sector', routeId(req), 'site')) ? 'removed' : 'not_found', 'hierarchy.flash.deleted');
}

// ---------------------------------------------------------------- services

/** `GET /admin/services`: services with search and pagination. */
export async function serviceIndex(req: Request, res: Response): Promise<void> {
  const { q } = searchSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listServices(req.ctx.db, tenantOf(req), q, page);
  await renderScreen(req, res, 'hierarchy/service_index', { hideTitle: true, title: req.t('hierarchy.services.title'), rows, q, pager: buildPager(req, page, total) });
}

async function renderServiceForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hierarchy/_service_form', { title: req.t(id ? 'hierarchy.services.edit_title' : 'hierarchy.services.new_title'), id, values, errors, sites: await siteOptions(req.ctx.db, tenantOf(req)) });
}

/** `GET /admin/services/new?site=`. */
export const serviceNew = (req: Request, res: Response) => renderServiceForm(req, res, null, { version: 0, siteId: Number(req.query.site) || '' });

/** `GET /admin/services/{id}/edit`. */
export async function serviceEdit(req: Request, res: Response): Promise<void> {
  const service = orNotFound(await findService(req.ctx.db, tenantOf(req), routeId(req)));
  await renderServiceForm(req, res, service.id, service);
}

async function serviceSave(req: Request, res: Response, id: number | null): Promise<void> {
  if (id !== null) orNotFound(await findService(req.ctx.db, tenantOf(req), id));
  const form = parseForm(serviceSchema, req.body, 'service');
  if (!form.ok) return renderServiceForm(req, res, id, form.values, form.errors);
  const result = await saveService(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderServiceForm(req, res, id, form.values, result.errors);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.name });
}
/** `POST /admin/services/new`. */
export const serviceCreate = (req: Request, res: Response) => serviceSave(req, res, null);
/** `POST /admin/services/{id}/edit`. */
export const serviceUpdate = (req: Request, res: Response) => serviceSave(req, res, routeId(req));
/** `POST /admin/services/{id}/delete`: to the trash, refused while users are attached. */
export async function serviceDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await deleteService(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- work units

/** `GET /admin/work-units`: work units with search and pagination. */
export async function workUnitIndex(req: Request, res: Response): Promise<void> {
  const { q } = searchSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listWorkUnits(req.ctx.db, tenantOf(req), q, page);
  await renderScreen(req, res, 'hierarchy/work_unit_index', { hideTitle: true, title: req.t('hierarchy.work_units.title'), rows, q, pager: buildPager(req, page, total) });
}

async function renderWorkUnitForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hierarchy/_work_unit_form', { title: req.t(id ? 'hierarchy.work_units.edit_title' : 'hierarchy.work_units.new_title'), id, values, errors });
}

/** `GET /admin/work-units/new`. */
export const workUnitNew = (req: Request, res: Response) => renderWorkUnitForm(req, res, null, { version: 0, weight: 1 });

/** `GET /admin/work-units/{id}/edit`. */
export async function workUnitEdit(req: Request, res: Response): Promise<void> {
  const unit = orNotFound(await findWorkUnit(req.ctx.db, tenantOf(req), routeId(req)));
  await renderWorkUnitForm(req, res, unit.id, unit);
}

async function workUnitSave(req: Request, res: Response, id: number | null): Promise<void> {
  if (id !== null) orNotFound(await findWorkUnit(req.ctx.db, tenantOf(req), id));
  const form = parseForm(workUnitSchema, req.body, 'work_unit');
  if (!form.ok) return renderWorkUnitForm(req, res, id, form.values, form.errors);
  const result = await saveWorkUnit(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderWorkUnitForm(req, res, id, form.values, result.errors);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.name });
}
/** `POST /admin/work-units/new`. */
export const workUnitCreate = (req: Request, res: Response) => workUnitSave(req, res, null);
/** `POST /admin/work-units/{id}/edit`. */
export const workUnitUpdate = (req: Request, res: Response) => workUnitSave(req, res, routeId(req));
/** `POST /admin/work-units/{id}/delete`: to the trash. */
export async function workUnitDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await deleteWorkUnit(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}
