import type { Request } from 'express';
import { crmPolicy } from './crm.policy';
import { orNotFound, tenantOf } from './crm.respond';
import { findContactRecord, type ContactRecord } from './contact.service';
import { findTiersRecord, type TiersRecord } from './tiers.service';

/** The company `id` if the user may see it; 404 otherwise (another tenant's, in the trash, or out of his scope). */
export async function visibleTiers(req: Request, id: number): Promise<TiersRecord> {
  const tiers = orNotFound(await findTiersRecord(req.ctx.db, tenantOf(req), id));
  if (!crmPolicy.seeTiers(req.authUser!, tiers)) orNotFound(null);
  return tiers;
}

/** Who owns a contact for the record rules: his creator, and the owners of the companies he works for. */
async function contactOwners(req: Request, contact: ContactRecord): Promise<Array<{ createdById: number | null; referentId: number | null }>> {
  const owners: Array<{ createdById: number | null; referentId: number | null }> = [{ createdById: contact.createdById, referentId: null }];
  for (const link of contact.links) {
    const t = await findTiersRecord(req.ctx.db, tenantOf(req), link.tiersId);
    if (t) owners.push({ createdById: t.createdById, referentId: t.referentId });
  }
  return owners;
}

/** The contact `id` if the user may see it (404 otherwise), and whether he may edit it. */
export async function visibleContactById(req: Request, id: number): Promise<{ contact: ContactRecord; canEdit: boolean }> {
  const contact = orNotFound(await findContactRecord(req.ctx.db, tenantOf(req), id));
  const user = req.authUser!;
  const owners = await contactOwners(req, contact);
  if (!owners.some((o) => crmPolicy.seeTiers(user, o))) orNotFound(null);
  return { contact, canEdit: owners.some((o) => crmPolicy.editTiers(user, o)) };
}

/** A CRM record that owns documents, as the document screens need it. */
export interface CrmOwnerAccess { kind: 'tiers' | 'contact'; id: number; label: string; canEdit: boolean; showUrl: string }

/**
 * The company or contact `id` as an owner of documents, if the user sees it (404 otherwise);
 * `canEdit`: he may change its documents (the same rule as editing the record, see crm.policy.ts).
 */
export async function crmOwnerAccess(req: Request, kind: 'tiers' | 'contact', id: number): Promise<CrmOwnerAccess> {
  const routes = req.ctx.routes;
  if (kind === 'tiers') {
    const tiers = await visibleTiers(req, id);
    return { kind, id, label: tiers.name, canEdit: crmPolicy.editTiers(req.authUser!, tiers), showUrl: routes.path('crm_company_show', { id, tab: 'documents' }) };
  }
  const { contact, canEdit } = await visibleContactById(req, id);
  return { kind, id, label: `${contact.firstName} ${contact.lastName}`.trim(), canEdit, showUrl: routes.path('crm_contact_show', { id }) };
}
