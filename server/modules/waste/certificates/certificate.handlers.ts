import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { itemOptions } from '../../hierarchy/hierarchy.service';
import { wasteOptions } from '../core/waste-choices';
import { ENV_MANAGE } from '../core/waste-rights';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { CERTIFICATE_FORM, certificateQuerySchema, certificateSchema } from './certificate.schema';
import { companyChoices, findCertificate, listCertificates, removeCertificate, saveCertificate, type CertificateRecord } from './certificate.service';

/** `GET /waste/certificates` (waste_cap_index): the company's CAP certificates by code; `?q=` searches the code, `?site=` keeps one site. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q, site } = certificateQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const [{ rows, total }, sites] = await Promise.all([
    listCertificates(req.ctx.db, tenantOf(req), q, site, page.perPage, page.offset),
    itemOptions(req.ctx.db, tenantOf(req)),
  ]);
  await renderScreen(req, res, 'waste/certificates/index', {
    title: req.t('waste.cap.title'), hideTitle: true, rows, q, site, sites, pager: buildPager(req, page, total), canEdit: can(req.authUser!, ENV_MANAGE), section: 'certificates',
  });
}

/** `GET /waste/certificates/{id}` (waste_cap_show): the certificate, its companies, wastes, documents and printable forms. */
export async function show(req: Request, res: Response): Promise<void> {
  const cap = orNotFound(await findCertificate(req.ctx.db, tenantOf(req), routeId(req)));
  await renderScreen(req, res, 'waste/certificates/show', {
    title: req.t('waste.cap.show_title', { code: cap.code }), hideTitle: true, cap, canEdit: can(req.authUser!, ENV_MANAGE), section: 'certificates',
  });
}

async function renderForm(req: Request, res: Response, cap: CertificateRecord | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const db = req.ctx.db;
  const chosenCarriers = ([] as unknown[]).concat(values.carrierIds ?? []).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647);
  const [sites, wastes, carriers] = await Promise.all([itemOptions(db, tenantOf(req)), wasteOptions(db, tenantOf(req)), companyChoices(db, tenantOf(req), chosenCarriers)]);
  await renderScreen(req, res, 'waste/certificates/_form', {
    title: req.t(cap ? 'waste.cap.edit_title' : 'waste.cap.new_title'), form: CERTIFICATE_FORM, values, errors,
    sites: sites.map((s) => ({ value: s.id, label: s.label })), wastes: wastes.map((w) => ({ id: w.value, label: w.label })), carriers,
    action: cap ? req.ctx.routes.path('waste_cap_edit', { id: cap.id }) : req.ctx.routes.path('waste_cap_add'),
  });
}

async function submit(req: Request, res: Response, cap: CertificateRecord | null): Promise<void> {
  const form = parseForm(certificateSchema, req.body, CERTIFICATE_FORM);
  if (!form.ok) return renderForm(req, res, cap, form.values, form.errors);
  const result = await saveCertificate(req.ctx.db, tenantOf(req), cap?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, cap, form.values, result.errors);
  saved(req, res, cap ? 'waste.cap.flash.updated' : 'waste.cap.flash.created', { name: form.data.code },
    cap ? undefined : req.ctx.routes.path('waste_cap_show', { id: result.id }));
}

/** `GET|POST /waste/certificates/new` (waste_cap_add): the modal form; once saved, the client goes to the new certificate. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, {
    code: '', siteId: '', orderingCustomerId: '', orderingCustomerLabel: '', producerId: '', producerLabel: '', billToId: '', billToLabel: '',
    carrierIds: [], wasteIds: [], comment: '', version: 0,
  });
}

/** `GET|POST /waste/certificates/{id}/edit` (waste_cap_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const cap = orNotFound(await findCertificate(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, cap);
  await renderForm(req, res, cap, {
    code: cap.code, siteId: cap.siteId ?? '', comment: cap.comment ?? '', version: cap.version,
    orderingCustomerId: cap.orderingCustomer?.id ?? '', orderingCustomerLabel: cap.orderingCustomer?.name ?? '',
    producerId: cap.producer?.id ?? '', producerLabel: cap.producer?.name ?? '', billToId: cap.billTo?.id ?? '', billToLabel: cap.billTo?.name ?? '',
    carrierIds: cap.carriers.map((c) => c.id), wasteIds: cap.wastes.map((w) => w.id),
  });
}

/** `POST /waste/certificates/{id}/delete` (waste_cap_delete): the certificate and its documents. */
export async function remove(req: Request, res: Response): Promise<void> {
  const cap = orNotFound(await findCertificate(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeCertificate(req.ctx.db, tenantOf(req), cap.id), cap.code, 'waste.cap.flash.removed');
}
