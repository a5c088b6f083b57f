import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';
import { crmPolicy } from './crm.policy';
import { orNotFound, pickedFromList, refuse, routeId, saved, scopeOf, stale, tenantOf } from './crm.respond';
import { contactFilterSchema, contactLinkSchema, contactSchema } from './crm.schema';
import { listFunctions } from './crm-admin.service';
import {
  addContactLink, contactFormValues, listContacts, removeContactLink, saveContact, trashContact, type ContactRecord,
} from './contact.service';
import { addFlash } from '../../kernel/http/flash';
import { sendContactWelcome } from './crm.mail';
import { findTiersRecord } from './tiers.service';
import { visibleContactById } from './crm-access';
import { ownerDocumentsLocals } from '../plan-document/owner-documents.view';

/** The contact `{id}` if the user may see it (404 otherwise), and whether he may edit it. */
const visibleContact = (req: Request): Promise<{ contact: ContactRecord; canEdit: boolean }> => visibleContactById(req, routeId(req));

/** `GET /crm/contacts` (crm_contact_index): search on names, e-mail, phones and company; former employees on demand. */
export async function index(req: Request, res: Response): Promise<void> {
  const filters = contactFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listContacts(req.ctx.db, tenantOf(req), scopeOf(req), filters, page);
  await renderScreen(req, res, 'crm/contact_index', {
    title: req.t('crm.contact.title'), hideTitle: true, rows, filters, pager: buildPager(req, page, total), filtered: !!(filters.q || filters.former),
  });
}

interface FormState { contact: ContactRecord | null; values: Record<string, unknown>; errors: Record<string, FieldError> }

async function renderContactForm(req: Request, res: Response, s: FormState): Promise<void> {
  const functions = await listFunctions(req.ctx.db, tenantOf(req));
  const locals = {
    title: s.contact ? req.t('crm.contact.edit_title', { name: `${s.contact.firstName} ${s.contact.lastName}`.trim() }) : req.t('crm.contact.new_title'),
    contact: s.contact, values: s.values, errors: s.errors, functions, locales: SUPPORTED_LOCALES,
    mayGrantAccount: crmPolicy.grantAccount(req.authUser!) || !!s.contact?.userId,
    action: s.contact ? req.ctx.routes.path('crm_contact_edit', { id: s.contact.id }) : req.ctx.routes.path('crm_contact_add'),
    cancelUrl: s.contact ? req.ctx.routes.path('crm_contact_show', { id: s.contact.id }) : req.ctx.routes.path('crm_contact_index'),
  };
  if (req.method === 'POST' && isFragmentRequest(req)) {
    res.status(200).type('html').send(await renderView(res, 'crm/_contact_form', locals));
    return;
  }
  await renderScreen(req, res, 'crm/contact_form', { ...locals, hideTitle: true });
}

async function submitContact(req: Request, res: Response, contact: ContactRecord | null): Promise<void> {
  const form = parseForm(contactSchema, req.body, 'crm_contact');
  const picked = pickedFromList(form.values, 'tiersId', 'tiersLabel');
  if (!form.ok || picked) return renderContactForm(req, res, { contact, values: form.values, errors: { ...(form.ok ? {} : form.errors), ...picked } });
  const user = req.authUser!;
  const tenantId = tenantOf(req);
  const result = await saveContact(req.ctx.db, {
    tenantId, userId: user.id, previous: contact, mayGrantAccount: crmPolicy.grantAccount(user),
    // Attaching to a company is editing it: only a company the user may edit.
    allowedTiers: crmPolicy.manageAll(user) ? null : async (tiersId) => {
      if (contact?.links[0]?.tiersId === tiersId) return true;
      const t = await findTiersRecord(req.ctx.db, tenantId, tiersId);
      return !!t && crmPolicy.editTiers(user, t);
    },
  }, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderContactForm(req, res, { contact, values: form.values, errors: result.errors });
  if (form.data.withUserAccount && !contact?.userId) {
    const base = req.ctx.config.baseUrl.replace(/\/$/, '');
    const sent = await sendContactWelcome(req.ctx.db, form.data.email, (token) => `${base}${req.ctx.routes.path('password_reset', { token })}`);
    addFlash(req, sent ? 'info' : 'warning', sent ? 'crm.contact.flash.mail_sent' : 'crm.contact.flash.mail_failed', { email: form.data.email });
  }
  const name = `${form.data.firstName} ${form.data.lastName}`.trim();
  saved(req, res, contact ? 'crm.contact.flash.updated' : 'crm.contact.flash.created', { name }, req.ctx.routes.path('crm_contact_show', { id: result.id }));
}

/** `GET|POST /crm/contacts/new?tiers=` (crm_contact_add): the contact form, the company chosen when coming from its page. */
export async function add(req: Request, res: Response): Promise<void> {
  if (!crmPolicy.addTiers(req.authUser!)) return refuse(req, res);
  if (req.method === 'POST') return submitContact(req, res, null);
  const values: Record<string, unknown> = { locale: 'fr', version: 0 };
  const tiersId = Number(req.query.tiers);
  if (Number.isSafeInteger(tiersId) && tiersId > 0) {
    const tiers = await findTiersRecord(req.ctx.db, tenantOf(req), tiersId);
    if (tiers && crmPolicy.editTiers(req.authUser!, tiers)) Object.assign(values, { tiersId: tiers.id, tiersLabel: tiers.name });
  }
  await renderContactForm(req, res, { contact: null, values, errors: {} });
}

/** `GET|POST /crm/contacts/{id}/edit` (crm_contact_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const { contact, canEdit } = await visibleContact(req);
  if (!canEdit) return refuse(req, res);
  if (req.method === 'POST') return submitContact(req, res, contact);
  await renderContactForm(req, res, { contact, values: contactFormValues(contact), errors: {} });
}

/** `GET /crm/contacts/{id}` (crm_contact_show): identity, companies with function, user account, documents. */
export async function show(req: Request, res: Response): Promise<void> {
  const { contact, canEdit } = await visibleContact(req);
  const documents = await ownerDocumentsLocals(req, 'contact', contact.id, canEdit);
  await renderScreen(req, res, 'crm/contact_show', { title: `${contact.firstName} ${contact.lastName}`.trim(), hideTitle: true, contact, canEdit, documents });
}

/** `POST /crm/contacts/{id}/delete` (crm_contact_remove): to the shared trash, then back to the list. */
export async function remove(req: Request, res: Response): Promise<void> {
  const { contact, canEdit } = await visibleContact(req);
  if (!canEdit) return refuse(req, res);
  if (!(await trashContact(req.ctx.db, tenantOf(req), contact, req.authUser!.id))) orNotFound(null);
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  addFlash(req, 'success', 'crm.contact.flash.trashed', { name });
  res.status(200).json({ message: req.t('crm.contact.flash.trashed', { name }), redirect: req.ctx.routes.path('crm_contact_index') });
}

async function renderLinkForm(req: Request, res: Response, contact: ContactRecord, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const functions = await listFunctions(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'crm/_link_form', {
    title: req.t('crm.contact.link_title', { name: `${contact.firstName} ${contact.lastName}`.trim() }), contact, values, errors, functions,
  });
}

/** `GET|POST /crm/contacts/{id}/companies/new` (crm_contact_link_add): attaches the contact to one more company (modal). */
export async function linkAdd(req: Request, res: Response): Promise<void> {
  const { contact, canEdit } = await visibleContact(req);
  if (!canEdit) return refuse(req, res);
  if (req.method !== 'POST') return renderLinkForm(req, res, contact, {});
  const form = parseForm(contactLinkSchema, req.body, 'crm_contact_link');
  if (!form.ok) return renderLinkForm(req, res, contact, form.values, form.errors);
  const user = req.authUser!;
  if (!crmPolicy.manageAll(user)) {
    const t = await findTiersRecord(req.ctx.db, tenantOf(req), form.data.tiersId);
    if (!t || !crmPolicy.editTiers(user, t)) return renderLinkForm(req, res, contact, form.values, { tiersId: 'validation.choice' });
  }
  const result = await addContactLink(req.ctx.db, tenantOf(req), contact.id, form.data);
  if (!result.ok) return renderLinkForm(req, res, contact, form.values, 'errors' in result ? result.errors : {});
  saved(req, res, 'crm.contact.flash.linked', {}, req.ctx.routes.path('crm_contact_show', { id: contact.id }));
}

/** `POST /crm/contacts/{id}/companies/{tiers}/delete` (crm_contact_link_remove): detaches the contact from a company. */
export async function linkRemove(req: Request, res: Response): Promise<void> {
  const { contact, canEdit } = await visibleContact(req);
  if (!canEdit) return refuse(req, res);
  if (!(await removeContactLink(req.ctx.db, tenantOf(req), contact.id, routeId(req, 'tiers')))) orNotFound(null);
  addFlash(req, 'success', 'crm.contact.flash.unlinked');
  res.status(200).json({ message: req.t('crm.contact.flash.unlinked') });
}
