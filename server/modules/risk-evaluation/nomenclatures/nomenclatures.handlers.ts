import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { answerRemoval } from '../core/du-http';
import { findScaleValue, listFamilies } from '../core/du-lists.service';
import { SCALE_KINDS, type ScaleKind } from '../core/du-scale-value.entity';
import { familyExists, listFamiliesWithUsage, listRisksWithUsage, removeCatalogueRow, saveFamily, saveRisk } from './families.service';
import { listLevelsWithUsage } from './levels.service';
import { familySchema, riskSchema, scaleValueSchema } from './nomenclatures.schema';
import { listScaleWithUsage, removeScaleValue, saveScaleValue } from './scale.service';

/** The tabs of the nomenclatures screen, in order. */
export const NOMENCLATURE_TABS = ['gravity', 'probability', 'control', 'priority_level', 'danger_family', 'risk'] as const;
type Tab = (typeof NOMENCLATURE_TABS)[number];

const isScale = (kind: string): kind is ScaleKind => (SCALE_KINDS as readonly string[]).includes(kind);

/** `GET /unique-document/nomenclatures/{kind}` (unique_document_nomenclature_index): one list per tab, with its usage. */
export async function nomenclatureIndex(req: Request, res: Response): Promise<void> {
  const kind = req.routeParams.kind as Tab;
  const db = req.ctx.db;
  const tenantId = tenantOf(req);
  const rows = isScale(kind) ? await listScaleWithUsage(db, tenantId, kind)
    : kind === 'priority_level' ? await listLevelsWithUsage(db, tenantId)
      : kind === 'danger_family' ? await listFamiliesWithUsage(db, tenantId)
        : await listRisksWithUsage(db, tenantId);
  await renderScreen(req, res, 'risk-evaluation/nomenclatures/index', {
    title: req.t('risk-evaluation.nomenclatures.title'), hideTitle: true, kind, tabs: NOMENCLATURE_TABS, rows, isScale: isScale(kind),
  });
}

// ---------------------------------------------------------------- scale values

async function scaleForm(req: Request, res: Response, kind: ScaleKind, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/nomenclatures/_scale_form', {
    title: req.t(id ? 'risk-evaluation.nomenclatures.edit_title' : 'risk-evaluation.nomenclatures.new_title', { list: req.t(`risk-evaluation.nomenclatures.tabs.${kind}`) }),
    kind, id, values, errors,
  });
}

async function scaleSave(req: Request, res: Response, kind: ScaleKind, id: number | null): Promise<void> {
  const form = parseForm(scaleValueSchema, req.body, 'du_scale_value');
  if (!form.ok) return scaleForm(req, res, kind, id, form.values, form.errors);
  const result = await saveScaleValue(req.ctx.db, tenantOf(req), kind, id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'risk-evaluation.flash.saved');
}

/** `GET|POST /unique-document/nomenclatures/{kind}/new` (unique_document_scale_new): a gravity, probability or control value. */
export async function scaleNew(req: Request, res: Response): Promise<void> {
  const kind = req.routeParams.kind as ScaleKind;
  if (req.method === 'GET') return scaleForm(req, res, kind, null, { version: 0, color: '#198754' });
  return scaleSave(req, res, kind, null);
}

/** `GET|POST /unique-document/scale-values/{id}/edit` (unique_document_scale_edit). */
export async function scaleEdit(req: Request, res: Response): Promise<void> {
  const value = orNotFound(await findScaleValue(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'GET') return scaleForm(req, res, value.kind, value.id, { ...value });
  return scaleSave(req, res, value.kind, value.id);
}

/** `POST /unique-document/scale-values/{id}/delete` (unique_document_scale_delete): trash, refused while in use. */
export async function scaleDelete(req: Request, res: Response): Promise<void> {
  answerRemoval(req, res, await removeScaleValue(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id), 'risk-evaluation.nomenclatures.in_use');
}

// ---------------------------------------------------------------- danger families

async function familyForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/nomenclatures/_family_form', {
    title: req.t(id ? 'risk-evaluation.nomenclatures.edit_title' : 'risk-evaluation.nomenclatures.new_title', { list: req.t('risk-evaluation.nomenclatures.tabs.danger_family') }),
    id, values, errors,
  });
}

async function familySave(req: Request, res: Response, id: number | null): Promise<void> {
  if (id !== null && !(await familyExists(req.ctx.db, tenantOf(req), id))) orNotFound(null);
  if (req.method === 'GET') {
    const current = id === null ? null : (await listFamilies(req.ctx.db, tenantOf(req))).find((f) => f.id === id);
    return familyForm(req, res, id, current ? { ...current } : { version: 0 });
  }
  const form = parseForm(familySchema, req.body, 'du_danger_family');
  if (!form.ok) return familyForm(req, res, id, form.values, form.errors);
  const result = await saveFamily(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'risk-evaluation.flash.saved');
}

/** `GET|POST /unique-document/danger-families/new` (unique_document_danger_family_new). */
export const familyNew = (req: Request, res: Response) => familySave(req, res, null);
/** `GET|POST /unique-document/danger-families/{id}/edit` (unique_document_danger_family_edit). */
export const familyEdit = (req: Request, res: Response) => familySave(req, res, routeId(req));
/** `POST /unique-document/danger-families/{id}/delete` (unique_document_danger_family_delete): trash, refused while in use. */
export async function familyDelete(req: Request, res: Response): Promise<void> {
  answerRemoval(req, res, await removeCatalogueRow(req.ctx.db, 'du_danger_family', tenantOf(req), routeId(req), req.authUser!.id), 'risk-evaluation.nomenclatures.family_in_use');
}

// ---------------------------------------------------------------- risks

async function riskForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/nomenclatures/_risk_form', {
    title: req.t(id ? 'risk-evaluation.nomenclatures.edit_title' : 'risk-evaluation.nomenclatures.new_title', { list: req.t('risk-evaluation.nomenclatures.tabs.risk') }),
    id, values, errors, families: await listFamilies(req.ctx.db, tenantOf(req)),
  });
}

async function riskSave(req: Request, res: Response, id: number | null): Promise<void> {
  const tenantId = tenantOf(req);
  const current = id === null ? null : orNotFound((await listRisksWithUsage(req.ctx.db, tenantId)).find((r) => r.id === id));
  if (req.method === 'GET') return riskForm(req, res, id, current ? { ...current, injuries: current.injuries.join('\n') } : { version: 0 });
  const form = parseForm(riskSchema, req.body, 'du_risk');
  if (!form.ok) return riskForm(req, res, id, form.values, form.errors);
  if (!(await familyExists(req.ctx.db, tenantId, form.data.dangerFamilyId))) return riskForm(req, res, id, form.values, { dangerFamilyId: 'validation.choice' });
  const result = await saveRisk(req.ctx.db, tenantId, id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'risk-evaluation.flash.saved');
}

/** `GET|POST /unique-document/risks/new` (unique_document_risk_new). */
export const riskNew = (req: Request, res: Response) => riskSave(req, res, null);
/** `GET|POST /unique-document/risks/{id}/edit` (unique_document_risk_edit). */
export const riskEdit = (req: Request, res: Response) => riskSave(req, res, routeId(req));
/** `POST /unique-document/risks/{id}/delete` (unique_document_risk_delete): trash, refused while in use. */
export async function riskDelete(req: Request, res: Response): Promise<void> {
  answerRemoval(req, res, await removeCatalogueRow(req.ctx.db, 'du_risk', tenantOf(req), routeId(req), req.authUser!.id), 'risk-evaluation.nomenclatures.in_use');
}
