import type { Request } from 'express';
import { can } from '../../kernel/rights/registry';
import { loadOwnerDocuments, type CrmOwnerKind, type OwnerDocumentsView } from './owner-documents.service';
import { documentState, ownValidationRefusal } from './plan-document.rules';

/** What `views/plan-document/_owner_documents.ejs` needs, for a CRM page. */
export interface OwnerDocumentsLocals {
  owner: { kind: CrmOwnerKind; id: number; canEdit: boolean };
  ownerDocs: OwnerDocumentsView;
  canValidate: boolean;
  /** Why the user may not validate a version (they gave it), or null. */
  ownValidation: (doc: { createdById: number | null }) => string | null;
  documentState: typeof documentState;
}

/** The locals of the documents block of a company's or contact's page (the caller has checked the CRM scope). */
export async function ownerDocumentsLocals(req: Request, kind: CrmOwnerKind, id: number, canEdit: boolean): Promise<OwnerDocumentsLocals> {
  return {
    owner: { kind, id, canEdit },
    ownerDocs: await loadOwnerDocuments(req.ctx.db, req.authUser!.tenantId, kind, id),
    canValidate: can(req.authUser, 'companies.validate_documents'),
    ownValidation: (doc) => ownValidationRefusal(req.authUser!.id, doc),
    documentState,
  };
}
