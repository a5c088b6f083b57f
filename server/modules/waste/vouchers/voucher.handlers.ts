import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { searchTiers } from '../../crm/crm-lookup.service';
import { itemOptions } from '../../hierarchy/hierarchy.service';
import { containerOptions, wasteOptions } from '../core/waste-choices';
import { ENV_MANAGE } from '../core/waste-rights';
import { frenchNumber } from '../core/waste-format';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { VOUCHER_FORM, voucherQuerySchema, voucherSchema } from './voucher.schema';
import { findVoucher, listVouchers, removeVoucher, saveVoucher, type VoucherRow } from './voucher.service';

/** `GET /waste/vouchers` (waste_voucher_index): latest collections first; `?q=` searches the number. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q } = voucherQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listVouchers(req.ctx.db, tenantOf(req), q, page.perPage, page.offset);
  await renderScreen(req, res, 'waste/vouchers/index', {
    title: req.t('waste.voucher.title'), hideTitle: true, rows, q, pager: buildPager(req, page, total), canEdit: can(req.authUser!, ENV_MANAGE), section: 'vouchers',
  });
}

/** `GET /waste/companies?q=` (waste_tiers_autocomplete): CRM companies for the carrier and consignee fields, `[{id, label}]`. */
export async function companies(req: Request, res: Response): Promise<void> {
  const term = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
  const hits = term.trim() ? await searchTiers(req.ctx.db, tenantOf(req), term) : [];
  res.json(hits.map((h) => ({ id: h.id, label: h.city ? `${h.name} (${h.city})` : h.name })));
}

async function renderForm(req: Request, res: Response, row: VoucherRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const db = req.ctx.db;
  const [wastes, containers, sites] = await Promise.all([wasteOptions(db, tenantOf(req)), containerOptions(db, tenantOf(req)), itemOptions(db, tenantOf(req))]);
  await renderScreen(req, res, 'waste/vouchers/_form', {
    title: req.t(row ? 'waste.voucher.edit_title' : 'waste.voucher.new_title'), form: VOUCHER_FORM, values, errors,
    wastes, containers, sites: sites.map((s) => ({ value: s.id, label: s.label })),
    action: row ? req.ctx.routes.path('waste_voucher_edit', { id: row.id }) : req.ctx.routes.path('waste_voucher_add'),
  });
}

async function submit(req: Request, res: Response, row: VoucherRow | null): Promise<void> {
  const form = parseForm(voucherSchema, req.body, VOUCHER_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveVoucher(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'waste.voucher.flash.updated' : 'waste.voucher.flash.created', { name: form.data.number });
}

/** `GET|POST /waste/vouchers/new` (waste_voucher_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { number: '', collectionDate: '', wasteId: '', containerId: '', weight: '', siteId: '', carrierId: '', carrierLabel: '', consigneeId: '', consigneeLabel: '', version: 0 });
}

const frenchDay = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** `GET|POST /waste/vouchers/{id}/edit` (waste_voucher_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findVoucher(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, {
    number: row.number, collectionDate: frenchDay(row.collectionDate), wasteId: row.wasteId, containerId: row.containerId ?? '', weight: frenchNumber(row.weightT),
    siteId: row.siteId, carrierId: row.carrierId ?? '', carrierLabel: row.carrierName ?? '', consigneeId: row.consigneeId ?? '', consigneeLabel: row.consigneeName ?? '', version: row.version,
  });
}

/** `POST /waste/vouchers/{id}/delete` (waste_voucher_delete). */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findVoucher(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeVoucher(req.ctx.db, tenantOf(req), row.id), row.number, 'waste.voucher.flash.removed');
}
