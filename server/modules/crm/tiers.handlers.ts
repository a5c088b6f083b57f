import type { Request, Response } from 'express';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { sendFileOf } from '../../kernel/storage';
import { listNomenclature } from '../nomenclature/nomenclature.service';
import { crmPolicy } from './crm.policy';
import { orNotFound, pickedFromList, refuse, removed, routeId, saved, scopeOf, stale, tenantOf } from './crm.respond';
import { addressSchema, tiersFilterSchema, tiersSchema } from './crm.schema';
import { defaultVatRateId, listActivities, listVatRates } from './crm-admin.service';
import { searchTiers } from './crm-lookup.service';
import { keepUploads, storage, uploadError } from './crm.uploads';
import { TIERS_STATES } from './tiers.entity';
import { visibleTiers as visibleTiersById } from './crm-access';
import { ownerDocumentsLocals } from '../plan-document/owner-documents.view';
import {
  addressFormValues, findAddress, listAddresses, listTiers, listTiersEmployees, removeAddress, saveAddress, saveTiers,
  setTiersLogo, tiersFormValues, trashTiers, type AddressRecord, type TiersRecord,
} from './tiers.service';

/** Tabs of the company page, in order. */
export const TIERS_TABS = ['general', 'legal', 'addresses', 'employees', 'documents'] as const;

/** The company `{id}` if the user may see it; 404 otherwise (another tenant's, in the trash, or out of his scope). */
const visibleTiers = (req: Request, id = routeId(req)): Promise<TiersRecord> => visibleTiersById(req, id);

/** `GET /crm/companies` (crm_company_index): search on name, SIRET and city, state filter, pager. */
export async function index(req: Request, res: Response): Promise<void> {
  const filters = tiersFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listTiers(req.ctx.db, tenantOf(req), scopeOf(req), filters, page);
  await renderScreen(req, res, 'crm/company_index', {
    title: req.t('crm.company.title'), hideTitle: true, rows, filters, states: TIERS_STATES, pager: buildPager(req, page, total),
    filtered: !!(filters.q || filters.state), canAdd: crmPolicy.addTiers(req.authUser!),
  });
}

/** `GET /crm/companies/autocomplete?q=` (crm_company_autocomplete): companies of the user's scope as `{id, label, name, city}`. */
export async function autocomplete(req: Request, res: Response): Promise<void> {
  const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100).trim() : '';
  if (q.length < 2) { res.json([]); return; }
  const scope = scopeOf(req);
  const hits = await searchTiers(req.ctx.db, tenantOf(req), q, scope.all ? 10 : 50);
  let visible = hits;
  if (!scope.all) {
    const ids: Array<{ id: number }> = await req.ctx.db.query(
      'SELECT id FROM tiers WHERE tenant_id = $1 AND id = ANY($2::int[]) AND (created_by_id = $3 OR referent_id = $3)', [tenantOf(req), hits.map((h) => h.id), scope.userId]);
    const mine = new Set(ids.map((r) => r.id));
    visible = hits.filter((h) => mine.has(h.id)).slice(0, 10);
  }
  res.json(visible.map((h) => ({ id: h.id, label: h.city ? `${h.name} (${h.city})` : h.name, name: h.name, city: h.city })));
}

interface FormState { tiers: TiersRecord | null; values: Record<string, unknown>; errors: Record<string, FieldError> }

async function renderTiersForm(req: Request, res: Response, s: FormState): Promise<void> {
  const tenantId = tenantOf(req);
  const [activities, domains, vatRates] = await Promise.all([
    listActivities(req.ctx.db, tenantId), listNomenclature(req.ctx.db, tenantId, 'domain'), listVatRates(req.ctx.db, tenantId),
  ]);
  const locals = {
    title: s.tiers ? req.t('crm.company.edit_title', { name: s.tiers.name }) : req.t('crm.company.new_title'),
    tiers: s.tiers, values: s.values, errors: s.errors, activities, domains, vatRates, states: TIERS_STATES,
    action: s.tiers ? req.ctx.routes.path('crm_company_edit', { id: s.tiers.id }) : req.ctx.routes.path('crm_company_add'),
    cancelUrl: s.tiers ? req.ctx.routes.path('crm_company_show', { id: s.tiers.id }) : req.ctx.routes.path('crm_company_index'),
  };
  // A POST from the page re-renders only the form: the client swaps it in place.
  if (req.method === 'POST' && isFragmentRequest(req)) {
    res.status(200).type('html').send(await renderView(res, 'crm/_company_form', locals));
    return;
  }
  await renderScreen(req, res, 'crm/company_form', { ...locals, hideTitle: true });
}

async function submitTiers(req: Request, res: Response, tiers: TiersRecord | null): Promise<void> {
  const form = parseForm(tiersSchema, req.body, 'crm_company');
  const picked = pickedFromList(form.values, 'referentId', 'referentLabel');
  if (!form.ok || picked) return renderTiersForm(req, res, { tiers, values: form.values, errors: { ...(form.ok ? {} : form.errors), ...picked } });
  const result = await saveTiers(req.ctx.db, tenantOf(req), req.authUser!.id, tiers?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderTiersForm(req, res, { tiers, values: form.values, errors: result.errors });
  saved(req, res, tiers ? 'crm.company.flash.updated' : 'crm.company.flash.created', { name: form.data.name },
    req.ctx.routes.path('crm_company_show', { id: result.id }));
}

/** `GET|POST /crm/companies/new` (crm_company_add): the full-page company form. */
export async function add(req: Request, res: Response): Promise<void> {
  if (!crmPolicy.addTiers(req.authUser!)) return refuse(req, res);
  if (req.method === 'POST') return submitTiers(req, res, null);
  const vatRateId = await defaultVatRateId(req.ctx.db, tenantOf(req));
  await renderTiersForm(req, res, { tiers: null, values: { state: 'prospect', version: 0, vatRateId: vatRateId ?? '', activityIds: [], domainIds: [] }, errors: {} });
}

/** `GET|POST /crm/companies/{id}/edit` (crm_company_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const tiers = await visibleTiers(req);
  if (!crmPolicy.editTiers(req.authUser!, tiers)) return refuse(req, res);
  if (req.method === 'POST') return submitTiers(req, res, tiers);
  await renderTiersForm(req, res, { tiers, values: tiersFormValues(tiers), errors: {} });
}

/** `GET /crm/companies/{id}?tab=` (crm_company_show): general, legal, addresses, employees and documents tabs. */
export async function show(req: Request, res: Response): Promise<void> {
  const tiers = await visibleTiers(req);
  const tab = (TIERS_TABS as readonly string[]).includes(String(req.query.tab)) ? String(req.query.tab) : 'general';
  const tenantId = tenantOf(req);
  const [addresses, employees] = await Promise.all([listAddresses(req.ctx.db, tenantId, tiers.id), listTiersEmployees(req.ctx.db, tenantId, tiers.id)]);
  const canEdit = crmPolicy.editTiers(req.authUser!, tiers);
  const documents = tab === 'documents' ? await ownerDocumentsLocals(req, 'tiers', tiers.id, canEdit) : null;
  await renderScreen(req, res, 'crm/company_show', {
    title: tiers.name, hideTitle: true, tiers, tab, tabs: TIERS_TABS, addresses, employees, canEdit, documents,
  });
}

// ---- Addresses (modals on the show page) ----

async function renderAddressForm(req: Request, res: Response, tiers: TiersRecord, address: AddressRecord | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'crm/_address_form', {
    title: address ? req.t('crm.address.edit_title') : req.t('crm.address.new_title', { name: tiers.name }), tiers, address, values, errors,
  });
}

async function submitAddress(req: Request, res: Response, tiers: TiersRecord, address: AddressRecord | null): Promise<void> {
  const form = parseForm(addressSchema, req.body, 'crm_address');
  if (!form.ok) return renderAddressForm(req, res, tiers, address, form.values, form.errors);
  const result = await saveAddress(req.ctx.db, tenantOf(req), tiers.id, address?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderAddressForm(req, res, tiers, address, form.values, result.errors);
  saved(req, res, address ? 'crm.address.flash.updated' : 'crm.address.flash.created', {},
    req.ctx.routes.path('crm_company_show', { id: tiers.id, tab: 'addresses' }));
}

/** The company `{id}` if the user may edit it; null after answering 403 (404 when he may not even see it). */
async function editableTiers(req: Request, res: Response, id: number): Promise<TiersRecord | null> {
  const tiers = await visibleTiers(req, id);
  if (crmPolicy.editTiers(req.authUser!, tiers)) return tiers;
  refuse(req, res);
  return null;
}

/** `GET|POST /crm/companies/{id}/addresses/new` (crm_address_add): modal form. */
export async function addressAdd(req: Request, res: Response): Promise<void> {
  const tiers = await editableTiers(req, res, routeId(req));
  if (!tiers) return;
  if (req.method === 'POST') return submitAddress(req, res, tiers, null);
  const addresses = await listAddresses(req.ctx.db, tenantOf(req), tiers.id);
  await renderAddressForm(req, res, tiers, null, { country: 'France', isHeadOffice: addresses.length === 0, version: 0 });
}

/** `GET|POST /crm/addresses/{id}/edit` (crm_address_edit): modal form with the optimistic lock. */
export async function addressEdit(req: Request, res: Response): Promise<void> {
  const address = orNotFound(await findAddress(req.ctx.db, tenantOf(req), routeId(req)));
  const tiers = await editableTiers(req, res, address.tiersId);
  if (!tiers) return;
  if (req.method === 'POST') return submitAddress(req, res, tiers, address);
  await renderAddressForm(req, res, tiers, address, addressFormValues(address));
}

/** `POST /crm/addresses/{id}/delete` (crm_address_remove): 200 when removed, 409 when a plan uses it. */
export async function addressRemove(req: Request, res: Response): Promise<void> {
  const address = orNotFound(await findAddress(req.ctx.db, tenantOf(req), routeId(req)));
  const tiers = await editableTiers(req, res, address.tiersId);
  if (!tiers) return;
  const outcome = await removeAddress(req.ctx.db, tenantOf(req), address.id);
  if (outcome === 'not_found') orNotFound(null);
  if (outcome === 'in_use') { res.status(409).json({ message: req.t('crm.address.in_use') }); return; }
  removed(req, res, 'crm.address.flash.removed');
}

/** `POST /crm/companies/{id}/delete` (crm_company_remove): to the shared trash, then back to the list. */
export async function remove(req: Request, res: Response): Promise<void> {
  const tiers = await editableTiers(req, res, routeId(req));
  if (!tiers) return;
  if (!(await trashTiers(req.ctx.db, tenantOf(req), tiers.id, req.authUser!.id, tiers.name))) orNotFound(null);
  addFlash(req, 'success', 'crm.company.flash.trashed', { name: tiers.name });
  res.status(200).json({ message: req.t('crm.company.flash.trashed', { name: tiers.name }), redirect: req.ctx.routes.path('crm_company_index') });
}

async function renderLogoForm(req: Request, res: Response, tiers: TiersRecord, error: string | null = null): Promise<void> {
  await renderScreen(req, res, 'crm/_logo_form', { title: req.t('crm.company.logo_title', { name: tiers.name }), tiers, error });
}

/** `GET|POST /crm/companies/{id}/logo` (crm_company_logo): replaces the logo (PNG or JPEG) in a modal. */
export async function logo(req: Request, res: Response): Promise<void> {
  const tiers = await editableTiers(req, res, routeId(req));
  if (!tiers) return;
  if (req.method !== 'POST') return renderLogoForm(req, res, tiers);
  const staged = req.uploads?.[0];
  const error = uploadError(req) ?? (staged ? null : req.t('validation.required'));
  if (error || !staged) return renderLogoForm(req, res, tiers, error);
  const [file] = await keepUploads(req, [staged]);
  await setTiersLogo(req.ctx.db, tenantOf(req), tiers.id, file.id);
  saved(req, res, 'crm.company.flash.logo', {}, req.ctx.routes.path('crm_company_show', { id: tiers.id }));
}

/** `GET /crm/companies/{id}/logo/image` (crm_company_logo_image): the logo of a company the user may see, inline. */
export async function logoImage(req: Request, res: Response): Promise<void> {
  const tiers = await visibleTiers(req);
  await sendFileOf(res, req.ctx.db, storage, tenantOf(req), tiers.logoFileId, { inline: true });
}
