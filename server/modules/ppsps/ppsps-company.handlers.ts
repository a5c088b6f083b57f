import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen, renderView } from '../../kernel/http/render';
import { routeId, stale, tenantOf } from '../../kernel/http/respond';
import { findTiers, searchTiers } from '../crm/crm-lookup.service';
import { companySchema, addressValues, blockFromTiers, contactValues, tiersChoices, type CompanyValues, type TiersChoices } from '../prevention-plan';
import { ppspsTabUrl, resolvePpsps, type PpspsRef } from './ppsps-access';
import type { PpspsCompanyKind } from './ppsps-company.entity';
import {
  findPpspsCompany, isPpspsKind, listPpspsCompanies, ppspsCompanyRemovalRefusal, removePpspsCompany, savePpspsCompany, validatePpspsCompany,
  type PpspsCompanyRow,
} from './ppsps-company.service';

/** The form name of a company block on a PPSPS. */
export const PPSPS_COMPANY_FORM = 'ppsps_company';
const blockSchema = companySchema.omit({ kind: true });

const idOrNull = (v: unknown): number | null => {
  const n = Number(Array.isArray(v) ? v[v.length - 1] : v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The company `{id}` of the tenant and its PPSPS, checked for `ability` (404 / 403). */
async function companyOr404(req: Request, ability: 'view' | 'edit'): Promise<{ company: PpspsCompanyRow; ppsps: PpspsRef }> {
  const company = await findPpspsCompany(req.ctx.db, tenantOf(req), routeId(req));
  if (!company) throw new HttpError(404, 'errors.not_found.title');
  const { ppsps } = await resolvePpsps(req, company.ppspsId, ability);
  return { company, ppsps };
}

interface FormState { ppsps: PpspsRef; company: PpspsCompanyRow | null; kind: PpspsCompanyKind; values: CompanyValues; errors: Record<string, FieldError>; choices: TiersChoices | null }

async function renderCompanyForm(req: Request, res: Response, s: FormState): Promise<void> {
  const others = (await listPpspsCompanies(req.ctx.db, tenantOf(req), s.ppsps.id)).filter((c) => c.id !== s.company?.id);
  await renderScreen(req, res, 'ppsps/_company_form', {
    title: req.t(s.company ? 'ppsps.companies.edit_title' : 'ppsps.companies.add_title', { kind: req.t(`ppsps.kinds.${s.kind}`) }),
    ppsps: s.ppsps, company: s.company, kind: s.kind, values: s.values, errors: s.errors, choices: s.choices,
    parents: others.map((c) => ({ value: c.id, label: `${c.name} (${c.kind})` })),
  });
}

async function choicesFor(req: Request, values: CompanyValues): Promise<TiersChoices | null> {
  const tiersId = idOrNull(values.tiers);
  return tiersId ? tiersChoices(req.ctx.db, tenantOf(req), tiersId) : null;
}

async function save(req: Request, res: Response, ppsps: PpspsRef, company: PpspsCompanyRow | null, kind: PpspsCompanyKind): Promise<void> {
  const form = parseForm(blockSchema, req.body, PPSPS_COMPANY_FORM);
  const values: CompanyValues = { ...form.values, kind };
  if (!form.ok) {
    // Every message at once: the name is required whatever else is wrong.
    const named = String(Array.isArray(values.name) ? values.name.at(-1) : values.name ?? '').trim() !== '';
    const errors = { ...(named ? {} : { name: 'validation.required' }), ...form.errors };
    return renderCompanyForm(req, res, { ppsps, company, kind, values, errors, choices: await choicesFor(req, values) });
  }
  const errors = await validatePpspsCompany(req.ctx.db, ppsps.tenantId, ppsps.id, kind, company?.id ?? null, form.data);
  if (Object.keys(errors).length) return renderCompanyForm(req, res, { ppsps, company, kind, values, errors, choices: await choicesFor(req, values) });
  const result = await savePpspsCompany(req.ctx.db, ppsps, req.authUser!.id, company, kind, form.data);
  if (!result.ok) return stale(req, res);
  const key = company ? 'ppsps.companies.flash.updated' : 'ppsps.companies.flash.added';
  addFlash(req, 'success', key, { name: form.data.name });
  res.status(201).json({ message: req.t(key, { name: form.data.name }), id: result.id, redirect: ppspsTabUrl(req, ppsps.id, 'contacts') });
}

/** `GET|POST /ppsps/{id}/company/add?kind=ET|MOE|MOA|SPS|ST&parent=` (ppsps_company_add). */
export async function companyAdd(req: Request, res: Response): Promise<void> {
  const { ppsps } = await resolvePpsps(req, routeId(req), 'edit');
  const asked = String(req.query.kind ?? '');
  if (!isPpspsKind(asked)) throw new HttpError(404, 'errors.not_found.title');
  if (req.method === 'POST') return save(req, res, ppsps, null, asked);
  await renderCompanyForm(req, res, { ppsps, company: null, kind: asked, values: { parent: idOrNull(req.query.parent) ?? '', version: 0 }, errors: {}, choices: null });
}

/** `GET|POST /ppsps/company/{id}/edit` (ppsps_company_edit): edit the block (optimistic lock). */
export async function companyEdit(req: Request, res: Response): Promise<void> {
  const { company, ppsps } = await companyOr404(req, 'edit');
  if (req.method === 'POST') return save(req, res, ppsps, company, company.kind);
  const values: CompanyValues = {
    parent: company.parentId ?? '', tiers: company.tiersId ?? '', name: company.name, director: company.director ?? '', substitutes: company.substitutes ?? '',
    tiersAddress: company.tiersAddressId ?? '', addressName: company.addressName ?? '', address: company.address ?? '', zipCode: company.zipCode ?? '',
    city: company.city ?? '', country: company.country ?? '', contact: company.contactId ?? '', lastName: company.lastName ?? '',
    firstName: company.firstName ?? '', phone: company.phone ?? '', mobile: company.mobile ?? '', email: company.email ?? '', version: company.version,
  };
  const choices = company.tiersId ? await tiersChoices(req.ctx.db, tenantOf(req), company.tiersId) : null;
  if (choices) values.tiersLabel = choices.tiersName;
  await renderCompanyForm(req, res, { ppsps, company, kind: company.kind, values, errors: {}, choices });
}

/** `POST /ppsps/company/{id}/remove` (ppsps_company_remove): 200 when removed, 403 with the reason when refused. */
export async function companyRemove(req: Request, res: Response): Promise<void> {
  const { company } = await companyOr404(req, 'edit');
  const refusal = await ppspsCompanyRemovalRefusal(req.ctx.db, tenantOf(req), company.id);
  if (refusal) {
    res.status(403).json({ message: req.t(refusal) });
    return;
  }
  await removePpspsCompany(req.ctx.db, tenantOf(req), req.authUser!.id, company);
  res.status(200).json({ message: req.t('ppsps.companies.flash.removed', { name: company.name }) });
}

/** `GET /ppsps/search-tiers?q=` (ppsps_search_tiers): CRM companies for the autocomplete, `[{id, label}]`. */
export async function searchTiersJson(req: Request, res: Response): Promise<void> {
  const q = String(req.query.q ?? '').trim();
  if (q.length < 2) {
    res.json([]);
    return;
  }
  const hits = await searchTiers(req.ctx.db, tenantOf(req), q.slice(0, 100), 15);
  res.json(hits.map((h) => ({ id: h.id, label: h.name, name: h.name, city: h.city })));
}

/**
 * `POST /ppsps/tiers/{id}/form` (ppsps_tiers_form): the company block re-posted on a change. `{id}`
 * is the CRM company it shows (0: none). Another company chosen: the block filled from the CRM
 * (`blockFromTiers`); the same company with another contact or address chosen: its details; nothing
 * changed: an empty 200 (what was typed stays).
 */
export async function tiersForm(req: Request, res: Response): Promise<void> {
  const shown = routeId(req);
  if (shown !== 0 && !(await findTiers(req.ctx.db, tenantOf(req), shown))) throw new HttpError(404, 'errors.not_found.title');
  const raw = req.body?.[PPSPS_COMPANY_FORM];
  let values: CompanyValues = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  const chosen = idOrNull(values.tiers);
  let choices: TiersChoices | null = null;
  if ((chosen ?? 0) !== shown) {
    const fresh = chosen ? await blockFromTiers(req.ctx.db, tenantOf(req), chosen) : null;
    if (chosen && !fresh) throw new HttpError(404, 'errors.not_found.title');
    values = fresh ? { ...values, ...fresh.values } : { ...values, tiers: '', tiersAddress: '', contact: '' };
    choices = fresh?.choices ?? null;
  } else if (chosen && (idOrNull(values.contact) !== idOrNull(values.previousContact) || idOrNull(values.tiersAddress) !== idOrNull(values.previousAddress))) {
    choices = await tiersChoices(req.ctx.db, tenantOf(req), chosen);
    if (idOrNull(values.contact) !== idOrNull(values.previousContact)) {
      values = { ...values, ...contactValues(choices?.contacts.find((c) => c.id === idOrNull(values.contact)) ?? null) };
    }
    if (idOrNull(values.tiersAddress) !== idOrNull(values.previousAddress)) {
      values = { ...values, ...addressValues(choices?.addresses.find((a) => a.id === idOrNull(values.tiersAddress)) ?? null) };
    }
  } else {
    res.status(200).type('html').send('');
    return;
  }
  res.status(200).type('html').send(await renderView(res, 'ppsps/_company_block', { values, errors: {}, choices }));
}
