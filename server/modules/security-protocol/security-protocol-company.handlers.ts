import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen, renderView } from '../../kernel/http/render';
import { routeId, stale, tenantOf } from '../../kernel/http/respond';
import { searchTiers } from '../crm/crm-lookup.service';
import { addressValues, blockFromTiers, contactValues, tiersChoices, type TiersChoices } from '../prevention-plan';
import { protocolTabUrl, resolveProtocol } from './security-protocol.access';
import { PROTOCOL_COMPANY_KINDS, type ProtocolCompanyKind } from './security-protocol-company.entity';
import {
  companyValues, findProtocolCompany, removeProtocolCompany, saveProtocolCompany, type ProtocolCompanyRow,
} from './security-protocol-company.service';
import type { ProtocolRef } from './security-protocol.policy';
import { protocolCompanySchema } from './security-protocol.schema';

/** The form name of a company block on a protocol. */
export const COMPANY_FORM = 'pds_company';

const idOrNull = (v: unknown): number | null => {
  const n = Number(Array.isArray(v) ? v[v.length - 1] : v);
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The posted company block's raw fields. */
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);
const postedBlock = (req: Request): Record<string, unknown> => {
  const raw = req.body?.[COMPANY_FORM];
  return raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
};

/** The company `{id}` of the tenant and its protocol, checked for `ability` (404 / 403). */
async function companyOr404(req: Request, ability: 'view' | 'edit'): Promise<{ company: ProtocolCompanyRow; protocol: ProtocolRef }> {
  const company = await findProtocolCompany(req.ctx.db, tenantOf(req), routeId(req));
  if (!company) throw new HttpError(404, 'errors.not_found.title');
  const { protocol } = await resolveProtocol(req, company.protocolId, ability);
  return { company, protocol };
}

interface FormState {
  protocol: ProtocolRef;
  company: ProtocolCompanyRow | null;
  kind: ProtocolCompanyKind;
  values: Record<string, unknown>;
  errors: Record<string, FieldError>;
  choices: TiersChoices | null;
}

async function renderCompanyForm(req: Request, res: Response, s: FormState): Promise<void> {
  const title = req.t(s.company ? 'security-protocol.companies.edit_title' : 'security-protocol.companies.add_title', { kind: req.t(`security-protocol.kinds.${s.kind}`) });
  await renderScreen(req, res, 'security-protocol/_company_form', { title, ...s });
}

async function choicesFor(req: Request, values: Record<string, unknown>): Promise<TiersChoices | null> {
  const tiersId = idOrNull(values.tiers);
  return tiersId ? tiersChoices(req.ctx.db, tenantOf(req), tiersId) : null;
}

async function save(req: Request, res: Response, protocol: ProtocolRef, company: ProtocolCompanyRow | null, kind: ProtocolCompanyKind): Promise<void> {
  const form = parseForm(protocolCompanySchema, req.body, COMPANY_FORM);
  const values = { ...form.values, kind };
  if (!form.ok) return renderCompanyForm(req, res, { protocol, company, kind, values, errors: form.errors, choices: await choicesFor(req, values) });
  const result = await saveProtocolCompany(req.ctx.db, protocol, req.authUser!.id, company, { ...form.data, kind });
  if (!result.ok) {
    if ('stale' in result) return stale(req, res);
    return renderCompanyForm(req, res, { protocol, company, kind, values, errors: result.errors, choices: await choicesFor(req, values) });
  }
  const key = company ? 'security-protocol.companies.flash.updated' : 'security-protocol.companies.flash.added';
  addFlash(req, 'success', key, { name: form.data.name });
  res.status(201).json({ message: req.t(key, { name: form.data.name }), id: result.id, redirect: protocolTabUrl(req, protocol.id, 'companies') });
}

/** `GET|POST /security-protocol/{id}/company/add?kind=` (pds_company_add): add a company (editors, in draft). */
export async function companyAdd(req: Request, res: Response): Promise<void> {
  const { protocol } = await resolveProtocol(req, routeId(req), 'edit');
  const asked = String(req.query.kind ?? (req.body?.[COMPANY_FORM] as Record<string, unknown> | undefined)?.kind ?? 'carrier');
  const kind: ProtocolCompanyKind = (PROTOCOL_COMPANY_KINDS as readonly string[]).includes(asked) ? (asked as ProtocolCompanyKind) : 'carrier';
  if (req.method === 'POST') return save(req, res, protocol, null, kind);
  await renderCompanyForm(req, res, { protocol, company: null, kind, values: { kind, version: 0 }, errors: {}, choices: null });
}

/** `GET|POST /security-protocol/company/{id}/edit` (pds_company_edit): edit the block (optimistic lock). */
export async function companyEdit(req: Request, res: Response): Promise<void> {
  const { company, protocol } = await companyOr404(req, 'edit');
  if (req.method === 'POST') return save(req, res, protocol, company, company.kind);
  const values = companyValues(company);
  const choices = company.tiersId ? await tiersChoices(req.ctx.db, tenantOf(req), company.tiersId) : null;
  if (choices) values.tiersLabel = choices.tiersName;
  await renderCompanyForm(req, res, { protocol, company, kind: company.kind, values, errors: {}, choices });
}

/** `POST /security-protocol/company/{id}/remove` (pds_company_remove): 200 when removed. */
export async function companyRemove(req: Request, res: Response): Promise<void> {
  const { company, protocol } = await companyOr404(req, 'edit');
  await removeProtocolCompany(req.ctx.db, protocol, req.authUser!.id, company);
  res.status(200).json({ message: req.t('security-protocol.companies.flash.removed', { name: company.name }) });
}

/** `GET /security-protocol/search-tiers?q=` (pds_search_tiers): CRM companies for the autocomplete. */
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
 * `POST /security-protocol/tiers/{id}/form` (pds_get_tiers_form): the company block filled from
 * the CRM company chosen in `pds_company[tiers]` ({id}: the one the block shows, 0 none). The same
 * one answers an empty 200 (the typed text stays); none keeps what was typed.
 */
export async function tiersForm(req: Request, res: Response): Promise<void> {
  const shown = routeId(req);
  // The company the block shows must be the tenant's too (0: none).
  if (shown !== 0 && !(await tiersChoices(req.ctx.db, tenantOf(req), shown))) throw new HttpError(404, 'errors.not_found.title');
  let values = postedBlock(req);
  const chosen = idOrNull(values.tiers);
  if ((chosen ?? 0) === shown) {
    res.status(200).type('html').send('');
    return;
  }
  let choices: TiersChoices | null = null;
  if (chosen) {
    const fresh = await blockFromTiers(req.ctx.db, tenantOf(req), chosen);
    if (!fresh) throw new HttpError(404, 'errors.not_found.title');
    values = { ...values, ...fresh.values };
    choices = fresh.choices;
  } else {
    values = { ...values, tiers: '', tiersAddress: '', contact: '' };
  }
  res.status(200).type('html').send(await renderView(res, 'security-protocol/_company_block', { values, errors: {}, choices }));
}


/**
 * `POST /security-protocol/tiers/{id}/address-form` (pds_get_tiers_address_form): the address part
 * of the block for the CRM company `{id}`, filled from the chosen address; an unchanged choice
 * answers an empty 200 (the typed text stays).
 */
export async function tiersAddressForm(req: Request, res: Response): Promise<void> {
  const choices = await tiersChoices(req.ctx.db, tenantOf(req), routeId(req));
  if (!choices) throw new HttpError(404, 'errors.not_found.title');
  let values = postedBlock(req);
  const chosen = idOrNull(values.tiersAddress);
  if (chosen === idOrNull(last(values.previousAddress))) {
    res.status(200).type('html').send('');
    return;
  }
  const address = choices.addresses.find((a) => a.id === chosen) ?? null;
  values = address ? { ...values, ...addressValues(address) } : { ...values, tiersAddress: '' };
  res.status(200).type('html').send(await renderView(res, 'security-protocol/_company_address_block', { values, errors: {}, choices }));
}

/**
 * `POST /security-protocol/tiers/{id}/contact-form` (pds_get_tiers_contact_form): the manager part
 * of the block for the CRM company `{id}`, filled from the chosen contact (his e-mail receives the
 * signing link); an unchanged choice answers an empty 200.
 */
export async function tiersContactForm(req: Request, res: Response): Promise<void> {
  const choices = await tiersChoices(req.ctx.db, tenantOf(req), routeId(req));
  if (!choices) throw new HttpError(404, 'errors.not_found.title');
  let values = postedBlock(req);
  const chosen = idOrNull(values.contact);
  if (chosen === idOrNull(last(values.previousContact))) {
    res.status(200).type('html').send('');
    return;
  }
  const contact = choices.contacts.find((c) => c.id === chosen) ?? null;
  values = contact ? { ...values, ...contactValues(contact) } : { ...values, contact: '' };
  res.status(200).type('html').send(await renderView(res, 'security-protocol/_company_contact_block', { values, errors: {}, choices }));
}
