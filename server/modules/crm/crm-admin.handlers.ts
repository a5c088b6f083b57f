import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { parseForm, type FieldError, type FormResult } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { can } from '../../kernel/rights/registry';
import { orNotFound, removed, routeId, saved, stale, tenantOf } from './crm.respond';
import { activitySchema, functionSchema, vatRateSchema } from './crm.schema';
import {
  findActivity, findFunction, findVatRate, listActivities, listFunctions, listVatRates, removeActivity, removeFunction, removeVatRate,
  saveActivity, saveFunction, saveVatRate, type RemoveResult,
} from './crm-admin.service';
import { frenchAmount, type SaveResult } from './tiers.service';

/** One small administration list of the CRM, as data: routes, form, service calls. */
interface AdminList<Row extends { id: number; version: number }, S extends z.ZodType> {
  key: 'function' | 'activity' | 'vat_rate';
  form: string;
  routes: { index: string; add: string; edit: string; remove: string };
  manageRight: string;
  schema: S;
  list: (db: DataSource, tenantId: number) => Promise<Row[]>;
  find: (db: DataSource, tenantId: number, id: number) => Promise<Row | null>;
  save: (db: DataSource, tenantId: number, id: number | null, input: z.infer<S>) => Promise<SaveResult>;
  remove: (db: DataSource, tenantId: number, id: number) => Promise<RemoveResult>;
  label: (row: Row | Record<string, unknown>) => string;
  values: (row: Row) => Record<string, unknown>;
  blank: Record<string, unknown>;
}

const FUNCTIONS: AdminList<Awaited<ReturnType<typeof listFunctions>>[number], typeof functionSchema> = {
  key: 'function', form: 'crm_function', manageRight: 'companies.manage_all', schema: functionSchema,
  routes: { index: 'crm_function_index', add: 'crm_function_add', edit: 'crm_function_edit', remove: 'crm_function_remove' },
  list: listFunctions, find: findFunction, save: saveFunction, remove: removeFunction,
  label: (r) => String(r.name), values: (r) => ({ name: r.name, isManager: r.isManager, version: r.version }), blank: { name: '', isManager: false, version: 0 },
};

const ACTIVITIES: AdminList<Awaited<ReturnType<typeof listActivities>>[number], typeof activitySchema> = {
  key: 'activity', form: 'crm_activity', manageRight: 'companies.manage_all', schema: activitySchema,
  routes: { index: 'crm_activity_index', add: 'crm_activity_add', edit: 'crm_activity_edit', remove: 'crm_activity_remove' },
  list: listActivities, find: findActivity, save: saveActivity, remove: removeActivity,
  label: (r) => String(r.name), values: (r) => ({ name: r.name, version: r.version }), blank: { name: '', version: 0 },
};

const VAT_RATES: AdminList<Awaited<ReturnType<typeof listVatRates>>[number], typeof vatRateSchema> = {
  key: 'vat_rate', form: 'vat_rate', manageRight: 'admin.nomenclatures', schema: vatRateSchema,
  routes: { index: 'admin_vat_rate_index', add: 'admin_vat_rate_add', edit: 'admin_vat_rate_edit', remove: 'admin_vat_rate_remove' },
  list: listVatRates, find: findVatRate, save: saveVatRate, remove: removeVatRate,
  label: (r) => String(r.label), values: (r) => ({ label: r.label, rate: frenchAmount(r.rate), isDefault: r.isDefault, version: r.version }),
  blank: { label: '', rate: '', isDefault: false, version: 0 },
};

function handlers<Row extends { id: number; version: number }, S extends z.ZodType>(def: AdminList<Row, S>) {
  const title = (req: Request) => req.t(`crm.${def.key}.title`);
  async function renderForm(req: Request, res: Response, row: Row | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
    await renderScreen(req, res, `crm/_${def.key}_form`, {
      title: req.t(row ? `crm.${def.key}.edit_title` : `crm.${def.key}.new_title`), row, values, errors, form: def.form,
      action: row ? req.ctx.routes.path(def.routes.edit, { id: row.id }) : req.ctx.routes.path(def.routes.add),
    });
  }
  async function submit(req: Request, res: Response, row: Row | null): Promise<void> {
    const form = parseForm(def.schema, req.body, def.form) as FormResult<z.infer<S>>;
    if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
    const result = await def.save(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
    if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
    saved(req, res, `crm.${def.key}.flash.${row ? 'updated' : 'created'}`, { label: def.label(form.data as Record<string, unknown>) });
  }
  return {
    /** The list, with add/edit/remove buttons for those who manage it. */
    index: async (req: Request, res: Response): Promise<void> => {
      const rows = await def.list(req.ctx.db, tenantOf(req));
      await renderScreen(req, res, `crm/${def.key}_index`, { title: title(req), hideTitle: true, rows, routes: def.routes, canManage: can(req.authUser!, def.manageRight) });
    },
    /** The add form (modal), then its submission. */
    add: async (req: Request, res: Response): Promise<void> => {
      if (req.method === 'POST') return submit(req, res, null);
      await renderForm(req, res, null, { ...def.blank });
    },
    /** The edit form (modal), then its submission (optimistic lock). */
    edit: async (req: Request, res: Response): Promise<void> => {
      const row = orNotFound(await def.find(req.ctx.db, tenantOf(req), routeId(req)));
      if (req.method === 'POST') return submit(req, res, row);
      await renderForm(req, res, row, def.values(row));
    },
    /** Removal: 200 when removed, 409 with a French message while something uses it. */
    remove: async (req: Request, res: Response): Promise<void> => {
      const row = orNotFound(await def.find(req.ctx.db, tenantOf(req), routeId(req)));
      const outcome = await def.remove(req.ctx.db, tenantOf(req), row.id);
      if (outcome === 'not_found') orNotFound(null);
      if (outcome === 'in_use') { res.status(409).json({ message: req.t(`crm.${def.key}.in_use`, { label: def.label(row) }) }); return; }
      removed(req, res, `crm.${def.key}.flash.removed`, { label: def.label(row) });
    },
  };
}

/** Functions (qualifications) of contacts. */
export const functionHandlers = handlers(FUNCTIONS);
/** Activities of companies. */
export const activityHandlers = handlers(ACTIVITIES);
/** VAT rates (administration). */
export const vatRateHandlers = handlers(VAT_RATES);
