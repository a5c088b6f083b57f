import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { addFlash } from '../../../kernel/http/flash';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { findTiers, searchTiers } from '../../crm/crm-lookup.service';
import { mayCreateTiers } from '../../crm/crm-create.service';
import { functionOptions } from '../core/plan-staff.service';
import { planTabUrl, requirePlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { PLAN_COMPANY_KINDS, type PlanCompanyKind } from '../core/plan-company.entity';
import { COMPANY_FORM, companySchema } from '../core/plan-company.schema';
import {
  addressValues, blockFromTiers, contactValues, findPlanCompany, listPlanCompanies, removalRefusal, removeCompany, resetCompany,
  newTiersAsked, saveCompany, tiersChoices, userCompanyDefaults, valuesOf, type CompanyValues, type PlanCompanyRow, type TiersChoices,
} from '../core/plan-company.service';
import { renderCompaniesTab } from './plan-company.tab';
import { routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';

const idOrNull = (v: unknown): number | null => {
  const n = Number(Array.isArray(v) ? v[v.length - 1] : v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The company `{id}` of the tenant and its plan, checked for `ability` (404 / 403). */
async function companyOr404(req: Request, ability: 'view' | 'edit'): Promise<{ company: PlanCompanyRow; plan: PlanRef }> {
  const company = await findPlanCompany(req.ctx.db, tenantOf(req), routeId(req));
  if (!company) throw new HttpError(404, 'errors.not_found.title');
  const plan = await requirePlan(req, company.planId, ability);
  return { company, plan };
}

/** The EE and ST of the plan a subcontractor may hang under (itself and its subcontractors left out by the rules). */
function parentOptions(companies: PlanCompanyRow[], self: PlanCompanyRow | null) {
  return companies.filter((c) => c.kind !== 'EU' && c.id !== self?.id).map((c) => ({ value: c.id, label: `${c.name} (${c.kind})` }));
}

interface FormState {
  plan: PlanRef;
  company: PlanCompanyRow | null;
  kind: PlanCompanyKind;
  values: CompanyValues;
  errors: Record<string, FieldError>;
  choices: TiersChoices | null;
}

async function renderCompanyForm(req: Request, res: Response, s: FormState): Promise<void> {
  const companies = await listPlanCompanies(req.ctx.db, tenantOf(req), s.plan.id);
  const title = req.t(s.company ? 'plan-company.form.edit_title' : `plan-company.form.add_title_${s.kind}`);
  // « Nouvelle entreprise » is offered when adding an EE or ST; it needs the CRM's own right to create.
  const offerNew = !s.company && s.kind !== 'EU';
  await renderScreen(req, res, 'prevention-plan/companies/_company_form', {
    title, plan: s.plan, company: s.company, kind: s.kind, values: s.values, errors: s.errors, choices: s.choices,
    parents: parentOptions(companies, s.company), offerNew, canCreateTiers: offerNew && mayCreateTiers(req.authUser!),
    functions: offerNew ? await functionOptions(req.ctx.db, tenantOf(req)) : [],
  });
}

/** The CRM choices of the tiers in `values`, if any (after an error, the selects stay). */
async function choicesFor(req: Request, values: CompanyValues): Promise<TiersChoices | null> {
  const tiersId = idOrNull(values.tiers);
  return tiersId ? tiersChoices(req.ctx.db, tenantOf(req), tiersId) : null;
}

async function save(req: Request, res: Response, plan: PlanRef, company: PlanCompanyRow | null, kind: PlanCompanyKind): Promise<void> {
  const form = parseForm(companySchema, req.body, COMPANY_FORM);
  const values = { ...form.values, kind };
  if (!form.ok) return renderCompanyForm(req, res, { plan, company, kind, values, errors: form.errors, choices: await choicesFor(req, values) });
  if (newTiersAsked(company, { ...form.data, kind }) && !mayCreateTiers(req.authUser!)) {
    return renderCompanyForm(req, res, { plan, company, kind, values, errors: { newTiers: 'plan-company.validation.tiers_create_forbidden' }, choices: null });
  }
  const result = await saveCompany(req.ctx.db, plan, req.authUser!.id, company, { ...form.data, kind });
  if (!result.ok) {
    if ('stale' in result) {
      return stale(req, res);
    }
    return renderCompanyForm(req, res, { plan, company, kind, values, errors: result.errors, choices: await choicesFor(req, values) });
  }
  const key = company ? 'plan-company.flash.updated' : 'plan-company.flash.added';
  // The new company's id goes back too: the client (and the tests) add staff to it next.
  addFlash(req, 'success', key, { name: form.data.name });
  res.status(201).json({ message: req.t(key, { name: form.data.name }), id: result.id, redirect: planTabUrl(req, plan.id, 'companies') });
}

/** `GET|POST /prevention-plan/{id}/company/add?kind=EE|EU|ST&parent=` (pdp_company_add): add a company to the plan. */
export async function companyAdd(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, routeId(req), 'edit');
  const asked = String(req.query.kind ?? req.body?.[COMPANY_FORM]?.kind ?? 'EE');
  const kind: PlanCompanyKind = (PLAN_COMPANY_KINDS as readonly string[]).includes(asked) ? (asked as PlanCompanyKind) : 'EE';
  if (req.method === 'POST') return save(req, res, plan, null, kind);
  const values: CompanyValues = { kind, parent: idOrNull(req.query.parent) ?? '', version: 0 };
  if (kind === 'EU') Object.assign(values, await userCompanyDefaults(req.ctx.db, plan));
  await renderCompanyForm(req, res, { plan, company: null, kind, values, errors: {}, choices: null });
}

/** `GET|POST /prevention-plan/company/{id}/edit` (pdp_company_edit): edit the block (optimistic lock). */
export async function companyEdit(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyOr404(req, 'edit');
  if (req.method === 'POST') return save(req, res, plan, company, company.kind);
  const values = valuesOf(company);
  const choices = company.tiersId ? await tiersChoices(req.ctx.db, tenantOf(req), company.tiersId) : null;
  if (choices) values.tiersLabel = choices.tiersName;
  await renderCompanyForm(req, res, { plan, company, kind: company.kind, values, errors: {}, choices });
}

/** `GET /prevention-plan/company/{id}` (pdp_company_get): the company's block, read only. */
export async function companyGet(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyOr404(req, 'view');
  const companies = await listPlanCompanies(req.ctx.db, tenantOf(req), plan.id);
  const parent = companies.find((c) => c.id === company.parentId) ?? null;
  await renderScreen(req, res, 'prevention-plan/companies/_company_card', { title: company.name, company, parent, plan });
}

/** `GET /prevention-plan/company/{id}/address` (pdp_company_address_get): the company's address on the plan. */
export async function companyAddressGet(req: Request, res: Response): Promise<void> {
  const { company } = await companyOr404(req, 'view');
  res.status(200).type('html').send(await renderView(res, 'prevention-plan/companies/_company_address', { company }));
}

/** `GET /prevention-plan/company/{id}/contact` (pdp_company_contact_get): the company's manager on the plan. */
export async function companyContactGet(req: Request, res: Response): Promise<void> {
  const { company } = await companyOr404(req, 'view');
  res.status(200).type('html').send(await renderView(res, 'prevention-plan/companies/_company_contact', { company }));
}

/** `POST /prevention-plan/company/{id}/reset` (pdp_company_reset): copy the block again from the CRM. */
export async function companyReset(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyOr404(req, 'edit');
  if (!(await resetCompany(req.ctx.db, plan, req.authUser!.id, company))) {
    res.status(403).json({ message: req.t('plan-company.errors.no_tiers') });
    return;
  }
  saved(req, res, 'plan-company.flash.reset', { name: company.name }, planTabUrl(req, plan.id, 'companies'));
}

/** `POST /prevention-plan/company/{id}/remove` (pdp_company_remove): 200 when removed, 403 with the reason when refused. */
export async function companyRemove(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyOr404(req, 'edit');
  const refusal = await removalRefusal(req.ctx.db, tenantOf(req), company);
  if (refusal) {
    res.status(403).json({ message: req.t(refusal) });
    return;
  }
  await removeCompany(req.ctx.db, plan, req.authUser!.id, company);
  res.status(200).json({ message: req.t('plan-company.flash.removed', { name: company.name }) });
}

/** `GET /prevention-plan/{id}/tiers` (pdp_show_intervention_tiers): the companies of the plan (the tab's HTML). */
export async function showInterventionTiers(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, routeId(req), 'view');
  res.status(200).type('html').send(await renderCompaniesTab(req, plan));
}

/** `GET /prevention-plan/search-tiers?q=` (pdp_search_tiers): CRM companies for the autocomplete, `[{id, label}]`. */
export async function searchTiersJson(req: Request, res: Response): Promise<void> {
  const q = String(req.query.q ?? '').trim();
  if (q.length < 2) {
    res.json([]);
    return;
  }
  const hits = await searchTiers(req.ctx.db, tenantOf(req), q.slice(0, 100), 15);
  res.json(hits.map((h) => ({ id: h.id, label: h.name, name: h.name, city: h.city })));
}

/** The posted block's raw fields. */
const posted = (req: Request): Record<string, unknown> => {
  const raw = req.body?.[COMPANY_FORM];
  return raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
};
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * `GET|POST /prevention-plan/tiers/{id}/form` (pdp_get_tiers_form): the company block filled
 * from the CRM company `{id}`. The form's block posts here (refresh on change) with the
 * company it shows as `{id}` (0: none) and the chosen one in `plan_company[tiers]`: the same
 * one answers an empty 200 (nothing to replace, the typed text stays where it is), another one
 * answers the block filled from it; none keeps what was typed without the CRM choices.
 */
export async function tiersForm(req: Request, res: Response): Promise<void> {
  const shown = routeId(req);
  let values: CompanyValues;
  let choices: TiersChoices | null = null;
  if (req.method === 'POST') {
    // The company the block shows must be the tenant's too (0: none).
    if (shown !== 0 && !(await findTiers(req.ctx.db, tenantOf(req), shown))) throw new HttpError(404, 'errors.not_found.title');
    values = posted(req);
    const chosen = idOrNull(values.tiers);
    if ((chosen ?? 0) === shown) {
      res.status(200).type('html').send('');
      return;
    }
    if (chosen) {
      const fresh = await blockFromTiers(req.ctx.db, tenantOf(req), chosen);
      if (!fresh) throw new HttpError(404, 'errors.not_found.title');
      values = { ...values, ...fresh.values };
      choices = fresh.choices;
    } else {
      values = { ...values, tiers: '', tiersAddress: '', contact: '' };
    }
  } else {
    const fresh = await blockFromTiers(req.ctx.db, tenantOf(req), shown);
    if (!fresh) throw new HttpError(404, 'errors.not_found.title');
    values = fresh.values;
    choices = fresh.choices;
  }
  res.status(200).type('html').send(await renderView(res, 'prevention-plan/companies/_company_block', { values, errors: {}, choices }));
}

/**
 * `GET|POST /prevention-plan/tiers/{id}/address-form` (pdp_get_tiers_address_form): the address
 * part of the block for the CRM company `{id}`: its addresses to choose from and the chosen one's
 * fields (GET: the head office). A POST whose choice did not change answers an empty 200.
 */
export async function tiersAddressForm(req: Request, res: Response): Promise<void> {
  const choices = await tiersChoices(req.ctx.db, tenantOf(req), routeId(req));
  if (!choices) throw new HttpError(404, 'errors.not_found.title');
  let values: CompanyValues;
  if (req.method === 'POST') {
    values = posted(req);
    const chosen = idOrNull(values.tiersAddress);
    if (chosen === idOrNull(last(values.previousAddress))) {
      res.status(200).type('html').send('');
      return;
    }
    const address = choices.addresses.find((a) => a.id === chosen) ?? null;
    values = address ? { ...values, ...addressValues(address) } : { ...values, tiersAddress: '' };
  } else {
    values = addressValues(choices.addresses[0] ?? null);
  }
  res.status(200).type('html').send(await renderView(res, 'prevention-plan/companies/_company_address_block', { values, errors: {}, choices }));
}

/**
 * `GET|POST /prevention-plan/tiers/{id}/contact-form` (pdp_get_tiers_contact_form): the manager
 * part of the block for the CRM company `{id}`: its contacts (managers first) and the chosen
 * one's details. A POST whose choice did not change answers an empty 200.
 */
export async function tiersContactForm(req: Request, res: Response): Promise<void> {
  const choices = await tiersChoices(req.ctx.db, tenantOf(req), routeId(req));
  if (!choices) throw new HttpError(404, 'errors.not_found.title');
  let values: CompanyValues;
  if (req.method === 'POST') {
    values = posted(req);
    const chosen = idOrNull(values.contact);
    if (chosen === idOrNull(last(values.previousContact))) {
      res.status(200).type('html').send('');
      return;
    }
    const contact = choices.contacts.find((c) => c.id === chosen) ?? null;
    values = contact ? { ...values, ...contactValues(contact) } : { ...values, contact: '' };
  } else {
    values = contactValues(choices.contacts[0] ?? null);
  }
  res.status(200).type('html').send(await renderView(res, 'prevention-plan/companies/_company_contact_block', { values, errors: {}, choices }));
}
