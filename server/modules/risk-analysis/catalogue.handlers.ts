import type { Request, Response } from 'express';
import type { z } from 'zod';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { listNomenclature } from '../nomenclature/nomenclature.service';
import { consequenceSchema, labelSchema, probabilitySchema, riskSchema, severityLevelSchema } from './catalogue.schema';
import { findRow, LISTS, listRisks, listRows, optionsOf, removeRow, saveRow, type CatalogueList, type CatalogueRow } from './catalogue.service';
import { saved, stale, tenantOf } from '../../kernel/http/respond';

/** How a list's screens are built: its form, routes and texts (keys under `risk-analysis.lists.<key>`). */
interface ListScreen {
  list: CatalogueList;
  schema: z.ZodType;
  /** Symfony-style form name of the fields. */
  form: string;
  routes: { index: string; add: string; edit: string; remove: string };
  /** Values of a new row's form. */
  blank: Record<string, unknown>;
  /** Extra locals of the form (choices). */
  formLocals?: (req: Request) => Promise<Record<string, unknown>>;
}

const SCREENS: Record<string, ListScreen> = {
  severity_level: { list: LISTS.severity_level, schema: severityLevelSchema, form: 'severity_level', blank: { name: '', color: '#198754', minValue: '', maxValue: '', version: 0 },
    routes: { index: 'admin_severity_level_index', add: 'admin_severity_level_add', edit: 'admin_severity_level_edit', remove: 'admin_severity_level_remove' } },
  quote_consequence: { list: LISTS.quote_consequence, schema: consequenceSchema, form: 'quote_consequence', blank: { label: '', level: '', human: '', environmental: '', version: 0 },
    routes: { index: 'admin_quote_index', add: 'pdp_consequence_add', edit: 'pdp_consequence_edit', remove: 'admin_quote_consequence_remove' } },
  quote_probability: { list: LISTS.quote_probability, schema: probabilitySchema, form: 'quote_probability', blank: { label: '', level: '', description: '', frequency: '', version: 0 },
    routes: { index: 'admin_quote_index', add: 'pdp_probability_add', edit: 'pdp_probability_edit', remove: 'admin_quote_probability_remove' } },
  risk_family: { list: LISTS.risk_family, schema: labelSchema, form: 'risk_family', blank: { label: '', version: 0 },
    routes: { index: 'admin_risk_family_index', add: 'admin_risk_family_add', edit: 'admin_risk_family_edit', remove: 'admin_risk_family_remove' } },
  risk: { list: LISTS.risk, schema: riskSchema, form: 'risk', blank: { label: '', familyId: '', injuryTypeIds: [], version: 0 },
    routes: { index: 'admin_risk_index', add: 'admin_risk_add', edit: 'admin_risk_edit', remove: 'admin_risk_remove' },
    formLocals: async (req) => ({
      families: await optionsOf(req.ctx.db, tenantOf(req), 'risk_family'),
      injuryTypes: await listNomenclature(req.ctx.db, tenantOf(req), 'injury_type'),
    }) },
  preventive_measure: { list: LISTS.preventive_measure, schema: labelSchema, form: 'preventive_measure', blank: { label: '', version: 0 },
    routes: { index: 'admin_preventive_measure_index', add: 'admin_preventive_measure_add', edit: 'admin_preventive_measure_edit', remove: 'admin_preventive_measure_remove' } },
};

const title = (row: CatalogueRow, s: ListScreen) => String(row[s.list.titleColumn]);

async function rowOr404(req: Request, s: ListScreen): Promise<CatalogueRow> {
  const row = await findRow(req.ctx.db, tenantOf(req), s.list, Number(req.routeParams.id));
  if (!row) throw new HttpError(404, 'errors.not_found.title');
  return row;
}

async function renderForm(req: Request, res: Response, s: ListScreen, row: CatalogueRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const key = s.list.key;
  const extra = s.formLocals ? await s.formLocals(req) : {};
  await renderScreen(req, res, `risk-analysis/lists/_${key}_form`, {
    title: req.t(`risk-analysis.lists.${key}.${row ? 'edit_title' : 'new_title'}`), action: row ? req.ctx.routes.path(s.routes.edit, { id: row.id }) : req.ctx.routes.path(s.routes.add),
    form: s.form, row, values, errors, ...extra,
  });
}

async function save(req: Request, res: Response, s: ListScreen, row: CatalogueRow | null): Promise<void> {
  const form = parseForm(s.schema, req.body, s.form);
  if (!form.ok) return renderForm(req, res, s, row, form.values, form.errors);
  const result = await saveRow(req.ctx.db, tenantOf(req), s.list, row?.id ?? null, form.data as Record<string, unknown>);
  if (!result.ok) {
    if ('stale' in result) {
      return stale(req, res);
    }
    return renderForm(req, res, s, row, form.values, result.errors);
  }
  const data = form.data as Record<string, unknown>;
  const name = String(data.name ?? data.label);
  const key = row ? 'risk-analysis.flash.updated' : 'risk-analysis.flash.created';
  saved(req, res, key, { label: name });
}

/** The add / edit / remove handlers of a list (and its index, except for the matrix axes). */
function screenHandlers(key: keyof typeof SCREENS) {
  const s = SCREENS[key];
  return {
    /** `GET|POST …/new`: the add form (modal), then its submission (201 / 200 with errors). */
    add: async (req: Request, res: Response): Promise<void> => {
      if (req.method === 'POST') return save(req, res, s, null);
      await renderForm(req, res, s, null, { ...s.blank });
    },
    /** `GET|POST …/{id}/edit`: the edit form (modal), then its submission (optimistic lock, 409). */
    edit: async (req: Request, res: Response): Promise<void> => {
      const row = await rowOr404(req, s);
      if (req.method === 'POST') return save(req, res, s, row);
      const values: Record<string, unknown> = { ...row, minValue: row.minValue ?? '', maxValue: row.maxValue ?? '' };
      if (key === 'risk') values.injuryTypeIds = (await req.ctx.db.query('SELECT injury_type_id FROM risk_injury_type WHERE risk_id = $1', [row.id])).map((r: { injury_type_id: number }) => r.injury_type_id);
      await renderForm(req, res, s, row, values);
    },
    /** `POST …/{id}/delete`: to the shared trash; 200 when removed. */
    remove: async (req: Request, res: Response): Promise<void> => {
      const row = await rowOr404(req, s);
      await removeRow(req.ctx.db, tenantOf(req), s.list, row.id, req.authUser!.id);
      addFlash(req, 'success', 'risk-analysis.flash.trashed', { label: title(row, s) });
      res.status(200).json({ message: req.t('risk-analysis.flash.trashed', { label: title(row, s) }) });
    },
    /** `GET …`: the list page. */
    index: async (req: Request, res: Response): Promise<void> => {
      const rows = key === 'risk' ? await listRisks(req.ctx.db, tenantOf(req)) : await listRows(req.ctx.db, tenantOf(req), s.list);
      await renderScreen(req, res, 'risk-analysis/lists/index', { title: req.t(`risk-analysis.lists.${key}.title`), hideTitle: true, listKey: key, routes: s.routes, rows });
    },
  };
}

export const severityLevelHandlers = screenHandlers('severity_level');
export const consequenceHandlers = screenHandlers('quote_consequence');
export const probabilityHandlers = screenHandlers('quote_probability');
export const riskFamilyHandlers = screenHandlers('risk_family');
export const riskHandlers = screenHandlers('risk');
export const preventiveMeasureHandlers = screenHandlers('preventive_measure');
