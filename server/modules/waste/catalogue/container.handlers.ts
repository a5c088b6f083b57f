import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { ENV_MANAGE } from '../core/waste-rights';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { frenchNumber } from '../core/waste-format';
import { CONTAINER_FORM, containerSchema, listQuerySchema } from './catalogue.schema';
import { findContainer, listContainers, removeContainer, saveContainer, type ContainerRow } from './container.service';

/** `GET /waste/containers` (waste_container_index): the containers; `?q=` searches. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q } = listQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listContainers(req.ctx.db, tenantOf(req), q, page.perPage, page.offset);
  await renderScreen(req, res, 'waste/catalogue/containers', {
    title: req.t('waste.container.title'), hideTitle: true, rows, q, pager: buildPager(req, page, total), canEdit: can(req.authUser!, ENV_MANAGE), section: 'containers',
  });
}

async function renderForm(req: Request, res: Response, row: ContainerRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'waste/catalogue/_container_form', {
    title: req.t(row ? 'waste.container.edit_title' : 'waste.container.new_title'), form: CONTAINER_FORM, values, errors,
    action: row ? req.ctx.routes.path('waste_container_edit', { id: row.id }) : req.ctx.routes.path('waste_container_add'),
  });
}

async function submit(req: Request, res: Response, row: ContainerRow | null): Promise<void> {
  const form = parseForm(containerSchema, req.body, CONTAINER_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveContainer(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'waste.container.flash.updated' : 'waste.container.flash.created', { name: form.data.name });
}

/** `GET|POST /waste/containers/new` (waste_container_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { name: '', capacity: '', version: 0 });
}

/** `GET|POST /waste/containers/{id}/edit` (waste_container_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findContainer(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, capacity: row.capacity === null ? '' : frenchNumber(row.capacity), version: row.version });
}

/** `POST /waste/containers/{id}/delete` (waste_container_delete): 409 while a voucher uses it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findContainer(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeContainer(req.ctx.db, tenantOf(req), row.id), row.name, 'waste.container.flash.removed');
}
