import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { optionsOf } from './catalogue.service';
import { ANALYSIS_TYPES, RESPONSIBLE_KINDS, areaSchema, templateSchema } from './template.schema';
import { findArea, findTemplate, listAreas, listTemplates, nextAreaPosition, removeArea, removeTemplate, saveArea, saveTemplate, type AreaRow, type TemplateRow } from './template.service';
import { saved, stale, tenantOf } from '../../kernel/http/respond';

async function templateOr404(req: Request, id = Number(req.routeParams.id)): Promise<TemplateRow> {
  const tpl = await findTemplate(req.ctx.db, tenantOf(req), id);
  if (!tpl) throw new HttpError(404, 'errors.not_found.title');
  return tpl;
}

/** `GET /admin/risk-analysis-templates`: the templates by type. */
export async function index(req: Request, res: Response): Promise<void> {
  const templates = await listTemplates(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'risk-analysis/templates/index', { title: req.t('risk-analysis.templates.title'), hideTitle: true, templates });
}

/** `GET /admin/risk-analysis-templates/{id}`: a template and its risk areas. */
export async function show(req: Request, res: Response): Promise<void> {
  const template = await templateOr404(req);
  const areas = await listAreas(req.ctx.db, tenantOf(req), template.id);
  await renderScreen(req, res, 'risk-analysis/templates/show', { title: template.name, hideTitle: true, template, areas });
}

async function renderTemplateForm(req: Request, res: Response, tpl: TemplateRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-analysis/templates/_form', {
    title: req.t(tpl ? 'risk-analysis.templates.edit_title' : 'risk-analysis.templates.new_title'),
    action: tpl ? req.ctx.routes.path('risk_analysis_template_edit', { id: tpl.id }) : req.ctx.routes.path('risk_analysis_template_add'),
    types: ANALYSIS_TYPES, sites: await optionsOf(req.ctx.db, tenantOf(req), 'hierarchy_item'), values, errors,
  });
}

async function submitTemplate(req: Request, res: Response, tpl: TemplateRow | null): Promise<void> {
  const form = parseForm(templateSchema, req.body, 'risk_analysis_template');
  if (!form.ok) return renderTemplateForm(req, res, tpl, form.values, form.errors);
  const result = await saveTemplate(req.ctx.db, tenantOf(req), tpl?.id ?? null, form.data);
  if (!result.ok) {
    if ('stale' in result) {
      return stale(req, res);
    }
    return renderTemplateForm(req, res, tpl, form.values, result.errors);
  }
  // A new template opens on its page, where its areas are added.
  const redirect = tpl ? undefined : req.ctx.routes.path('risk_analysis_template_show', { id: result.id });
  saved(req, res, tpl ? 'risk-analysis.flash.updated' : 'risk-analysis.flash.created', { label: form.data.name }, redirect);
}

/** `GET|POST /admin/risk-analysis-templates/new`: the template form (modal). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitTemplate(req, res, null);
  await renderTemplateForm(req, res, null, { type: 'prevention_plan', name: '', siteIds: [], version: 0 });
}

/** `GET|POST /admin/risk-analysis-templates/{id}/edit`: type, name, sites (optimistic lock). */
export async function edit(req: Request, res: Response): Promise<void> {
  const tpl = await templateOr404(req);
  if (req.method === 'POST') return submitTemplate(req, res, tpl);
  await renderTemplateForm(req, res, tpl, { ...tpl });
}

/** `POST /admin/risk-analysis-templates/{id}/delete`: to the shared trash. */
export async function remove(req: Request, res: Response): Promise<void> {
  const tpl = await templateOr404(req);
  await removeTemplate(req.ctx.db, tenantOf(req), tpl.id, req.authUser!.id);
  addFlash(req, 'success', 'risk-analysis.flash.trashed', { label: tpl.name });
  res.status(200).json({ message: req.t('risk-analysis.flash.trashed', { label: tpl.name }) });
}

async function renderAreaForm(req: Request, res: Response, tpl: TemplateRow, area: AreaRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const db = req.ctx.db;
  const tenantId = tenantOf(req);
  await renderScreen(req, res, 'risk-analysis/templates/_area_form', {
    title: req.t(area ? 'risk-analysis.areas.edit_title' : 'risk-analysis.areas.new_title', { template: tpl.name }),
    action: area ? req.ctx.routes.path('risk_area_edit', { id: area.id }) : req.ctx.routes.path('risk_area_add', { id: tpl.id }),
    kinds: RESPONSIBLE_KINDS, values, errors,
    lots: await optionsOf(db, tenantId, 'lot'), risks: await optionsOf(db, tenantId, 'risk'),
    measures: await optionsOf(db, tenantId, 'preventive_measure'), documentTypes: await optionsOf(db, tenantId, 'document_type'),
  });
}

async function submitArea(req: Request, res: Response, tpl: TemplateRow, area: AreaRow | null): Promise<void> {
  const form = parseForm(areaSchema, req.body, 'risk_area');
  if (!form.ok) return renderAreaForm(req, res, tpl, area, form.values, form.errors);
  const result = await saveArea(req.ctx.db, tenantOf(req), tpl.id, area?.id ?? null, form.data);
  if (!result.ok) {
    if ('stale' in result) {
      return stale(req, res);
    }
    return renderAreaForm(req, res, tpl, area, form.values, result.errors);
  }
  saved(req, res, area ? 'risk-analysis.flash.updated' : 'risk-analysis.flash.created', { label: form.data.name });
}

/** `GET|POST /admin/risk-analysis-templates/{id}/areas/new`: adds a risk area to the template (modal). */
export async function addArea(req: Request, res: Response): Promise<void> {
  const tpl = await templateOr404(req);
  if (req.method === 'POST') return submitArea(req, res, tpl, null);
  await renderAreaForm(req, res, tpl, null, {
    name: '', position: await nextAreaPosition(req.ctx.db, tenantOf(req), tpl.id), checkedByDefault: false, responsibleKind: '',
    lotIds: [], riskIds: [], measureIds: [], documentTypeIds: [], version: 0,
  });
}

async function areaOr404(req: Request): Promise<{ area: AreaRow; tpl: TemplateRow }> {
  const area = await findArea(req.ctx.db, tenantOf(req), Number(req.routeParams.id));
  if (!area) throw new HttpError(404, 'errors.not_found.title');
  return { area, tpl: await templateOr404(req, area.templateId) };
}

/** `GET|POST /admin/risk-areas/{id}/edit`: edits a risk area (optimistic lock). */
export async function editArea(req: Request, res: Response): Promise<void> {
  const { area, tpl } = await areaOr404(req);
  if (req.method === 'POST') return submitArea(req, res, tpl, area);
  await renderAreaForm(req, res, tpl, area, { ...area, responsibleKind: area.responsibleKind ?? '' });
}

/** `POST /admin/risk-areas/{id}/delete`: removes the area from its template. */
export async function removeAreaHandler(req: Request, res: Response): Promise<void> {
  const { area } = await areaOr404(req);
  await removeArea(req.ctx.db, tenantOf(req), area.id);
  addFlash(req, 'success', 'risk-analysis.flash.removed', { label: area.name });
  res.status(200).json({ message: req.t('risk-analysis.flash.removed', { label: area.name }) });
}
