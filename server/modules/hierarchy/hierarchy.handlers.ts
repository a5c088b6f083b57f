import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen, renderView } from '../../kernel/http/render';
import { sendStoredFile, StoredFile } from '../../kernel/storage';
import { itemSchema, labelSchema, typeSchema } from './hierarchy.schema';
import {
  addItemDocument, addItemLabel, addSector, deleteItem, deleteType, findItem, findItemDocumentFile, findType, itemOptions, itemParts, itemTree,
  listTypes, removeItemPart, saveItem, saveType, setItemImage, type ItemPartKind,
} from './hierarchy.service';
import { buildFilterSelects, readSelection } from './hierarchy-filter.service';
import { keepUploads, stagedImageSize, storage, uploadError } from './hierarchy.uploads';
import { orNotFound, removed, routeId, saved, stale } from './hierarchy.respond';
import { tenantOf } from '../../kernel/http/respond';
import { tenantCached } from '../../kernel/tenant-cache';

// ---------------------------------------------------------------- types

/** `GET /admin/hierarchy/types`: the hierarchy types. */
export async function typeIndex(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'hierarchy/type_index', { hideTitle: true, title: req.t('hierarchy.types.title'), types: await listTypes(req.ctx.db, tenantOf(req)) });
}

async function renderTypeForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const parents = (await listTypes(req.ctx.db, tenantOf(req))).filter((t) => t.id !== id);
  await renderScreen(req, res, 'hierarchy/_type_form', { title: req.t(id ? 'hierarchy.types.edit_title' : 'hierarchy.types.new_title'), id, values, errors, parents });
}

/** `GET /admin/hierarchy/types/new`. */
export const typeNew = (req: Request, res: Response) => renderTypeForm(req, res, null, { level: 1, version: 0 });

/** `GET /admin/hierarchy/types/{id}/edit`. */
export async function typeEdit(req: Request, res: Response): Promise<void> {
  const type = orNotFound(await findType(req.ctx.db, tenantOf(req), routeId(req)));
  await renderTypeForm(req, res, type.id, { ...type, parentId: type.parentId ?? '' });
}

async function typeSave(req: Request, res: Response, id: number | null): Promise<void> {
  if (id !== null) orNotFound(await findType(req.ctx.db, tenantOf(req), id));
  const form = parseForm(typeSchema, req.body, 'hierarchy_type');
  if (!form.ok) return renderTypeForm(req, res, id, form.values, form.errors);
  const result = await saveType(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderTypeForm(req, res, id, form.values, result.errors);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.name });
}
/** `POST /admin/hierarchy/types/new`. */
export const typeCreate = (req: Request, res: Response) => typeSave(req, res, null);
/** `POST /admin/hierarchy/types/{id}/edit`. */
export const typeUpdate = (req: Request, res: Response) => typeSave(req, res, routeId(req));
/** `POST /admin/hierarchy/types/{id}/delete`: to the trash, refused while items or child types use it. */
export async function typeDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await deleteType(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- items

/** `GET /admin/hierarchy`: the organisation tree. */
export async function treeIndex(req: Request, res: Response): Promise<void> {
  const [tree, types] = await Promise.all([itemTree(req.ctx.db, tenantOf(req)), listTypes(req.ctx.db, tenantOf(req))]);
  await renderScreen(req, res, 'hierarchy/index', { hideTitle: true, title: req.t('hierarchy.title'), tree, types });
}

async function renderItemForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const [types, parents] = await Promise.all([listTypes(req.ctx.db, tenantOf(req)), itemOptions(req.ctx.db, tenantOf(req), id)]);
  await renderScreen(req, res, 'hierarchy/_item_form', { title: req.t(id ? 'hierarchy.items.edit_title' : 'hierarchy.items.new_title'), id, values, errors, types, parents });
}

/** `GET /admin/hierarchy/items/new?parent=`: a new item, under `parent` when given (type proposed one level down). */
export async function itemNew(req: Request, res: Response): Promise<void> {
  const parentId = Number(req.query.parent) || null;
  const values: Record<string, unknown> = { version: 0, parentId: '', country: 'France' };
  if (parentId) {
    const parent = orNotFound(await findItem(req.ctx.db, tenantOf(req), parentId));
    values.parentId = parent.id;
    const child = (await listTypes(req.ctx.db, tenantOf(req))).find((t) => t.parentId === parent.typeId);
    if (child) values.typeId = child.id;
  }
  await renderItemForm(req, res, null, values);
}

/** `GET /admin/hierarchy/items/{id}/edit`. */
export async function itemEdit(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  await renderItemForm(req, res, item.id, item);
}

async function itemSave(req: Request, res: Response, id: number | null): Promise<void> {
  if (id !== null) orNotFound(await findItem(req.ctx.db, tenantOf(req), id));
  const form = parseForm(itemSchema, req.body, 'hierarchy_item');
  if (!form.ok) return renderItemForm(req, res, id, form.values, form.errors);
  const result = await saveItem(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderItemForm(req, res, id, form.values, result.errors);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.name });
}
/** `POST /admin/hierarchy/items/new`. */
export const itemCreate = (req: Request, res: Response) => itemSave(req, res, null);
/** `POST /admin/hierarchy/items/{id}/edit`. */
export const itemUpdate = (req: Request, res: Response) => itemSave(req, res, routeId(req));
/** `POST /admin/hierarchy/items/{id}/delete`: to the trash, refused while children or users are attached. */
export async function itemDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await deleteItem(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

/** `GET /admin/hierarchy/items/{id}`: the item's card, files, companies, sectors and lots. */
export async function itemShow(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  await renderScreen(req, res, 'hierarchy/item_show', { hideTitle: true, title: item.name, item, parts: await itemParts(req.ctx.db, tenantOf(req), item.id) });
}

const imageKind = (req: Request) => (req.routeParams.kind === 'logo' ? 'logo' : 'plan');

/** `GET /admin/hierarchy/items/{id}/image/{kind}`: the logo or plan upload form. */
export async function itemImageForm(req: Request, res: Response, error: string | null = null): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  const kind = imageKind(req);
  await renderScreen(req, res, 'hierarchy/_image_form', { title: req.t(`hierarchy.items.${kind}_title`), item, kind, error });
}

/** `POST /admin/hierarchy/items/{id}/image/{kind}`: replaces the logo or the plan. */
export async function itemImage(req: Request, res: Response): Promise<void> {
  orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  const staged = req.uploads?.[0];
  const error = uploadError(req) ?? (staged ? null : req.t('validation.required'));
  if (error || !staged) return itemImageForm(req, res, error);
  const [file] = await keepUploads(req, [staged]);
  await setItemImage(req.ctx.db, tenantOf(req), routeId(req), imageKind(req), file.id);
  saved(req, res, 'hierarchy.flash.file_saved');
}

/** `GET /admin/hierarchy/items/{id}/documents/new`. */
export async function documentForm(req: Request, res: Response, error: string | null = null): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  await renderScreen(req, res, 'hierarchy/_document_form', { title: req.t('hierarchy.documents.add'), item, error, label: String(req.body?.label ?? '') });
}

/** `POST /admin/hierarchy/items/{id}/documents/new`: up to 10 files; the label defaults to the file name. */
export async function documentCreate(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  const uploads = req.uploads ?? [];
  const error = uploadError(req) ?? (uploads.length ? null : req.t('validation.required'));
  if (error) return documentForm(req, res, error);
  const label = String(req.body?.label ?? '').trim().slice(0, 200);
  const files = await keepUploads(req, uploads);
  for (const f of files) await addItemDocument(req.ctx.db, tenantOf(req), item.id, f.id, label && files.length === 1 ? label : f.originalName);
  saved(req, res, 'hierarchy.flash.file_saved');
}

/** `GET /admin/hierarchy/documents/{id}`: downloads a document of the company. */
export async function documentDownload(req: Request, res: Response): Promise<void> {
  const fileId = orNotFound(await findItemDocumentFile(req.ctx.db, tenantOf(req), routeId(req)));
  const file = orNotFound(await req.ctx.db.getRepository(StoredFile).findOneBy({ id: fileId, tenantId: tenantOf(req) }));
  await sendStoredFile(res, storage, file);
}

/** `POST /admin/hierarchy/items/{id}/{kind}/add` (kind company or lot): adds one line. */
export async function labelAdd(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  const form = parseForm(labelSchema, req.body, 'part');
  if (!form.ok) {
    res.status(422).json({ message: req.t(form.errors.label ?? 'validation.invalid') });
    return;
  }
  await addItemLabel(req.ctx.db, tenantOf(req), req.routeParams.kind === 'company' ? 'company' : 'lot', item.id, form.data.label);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.label });
}

/** `POST /admin/hierarchy/{kind}/{id}/delete` (document, company, lot, sector of an item). */
export async function partDelete(req: Request, res: Response): Promise<void> {
  const done = await removeItemPart(req.ctx.db, tenantOf(req), req.routeParams.kind as ItemPartKind, routeId(req));
  removed(req, res, done ? 'removed' : 'not_found', 'hierarchy.flash.deleted');
}

/** Sector form for an item (`ownerKind` item) or a site. */
export async function renderSectorForm(req: Request, res: Response, action: string, error: string | null, values: Record<string, unknown> = {}, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hierarchy/_sector_form', { title: req.t('hierarchy.sectors.add'), action, error, values, errors });
}

/** Saves a sector from the `sector[label]` field and the optional `plan` image (its pixel size read from the header). */
export async function createSector(req: Request, res: Response, owner: { itemId?: number; siteId?: number }, action: string): Promise<void> {
  const form = parseForm(labelSchema, req.body, 'sector');
  const staged = req.uploads?.[0];
  const error = uploadError(req);
  if (!form.ok || error) return renderSectorForm(req, res, action, error, form.values, form.ok ? {} : form.errors);
  let plan: { fileId: number; width: number; height: number } | null = null;
  if (staged) {
    const size = await stagedImageSize(staged);
    if (!size) return renderSectorForm(req, res, action, req.t('hierarchy.sectors.unreadable'), form.values);
    const [file] = await keepUploads(req, [staged]);
    plan = { fileId: file.id, ...size };
  }
  await addSector(req.ctx.db, tenantOf(req), owner, form.data.label, plan);
  saved(req, res, 'hierarchy.flash.saved', { name: form.data.label });
}

/** `GET /admin/hierarchy/items/{id}/sectors/new`. */
export async function itemSectorForm(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  await renderSectorForm(req, res, req.ctx.routes.path('admin_hierarchy_sector_create', { id: item.id }), null);
}

/** `POST /admin/hierarchy/items/{id}/sectors/new`. */
export async function itemSectorCreate(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findItem(req.ctx.db, tenantOf(req), routeId(req)));
  await createSector(req, res, { itemId: item.id }, req.ctx.routes.path('admin_hierarchy_sector_create', { id: item.id }));
}

// ---------------------------------------------------------------- filter refresh

/**
 * `POST /hierarchy/filter-refresh/{rootItem}/{restricted}/{roleAttribute}` (hierarchy_filter_refresh):
 * receives `selected[<typeId>][]` and answers the HTML of the refreshed selects.
 */
export async function filterRefresh(req: Request, res: Response): Promise<void> {
  const rootItem = Number(req.routeParams.rootItem);
  const restricted = req.routeParams.restricted === '1';
  const roleAttribute = req.routeParams.roleAttribute;
  if (rootItem !== 0) orNotFound(await findItem(req.ctx.db, tenantOf(req), rootItem));
  const selects = await buildFilterSelects(req.ctx.db, tenantOf(req), { rootItem, restricted, userId: req.authUser!.id, selection: readSelection(req.body?.selected), cached: tenantCached(req) });
  const html = await renderView(res, 'hierarchy/_filter', { selects, rootItem, restricted, roleAttribute });
  res.status(200).type('html').send(html);
}
