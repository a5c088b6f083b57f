import type { DataSource, EntityManager } from 'typeorm';
import { listDocumentTypes, type DocumentTypeRow } from './document-type.service';
import { documentState, findDocument, type DocumentRow, type DocumentState } from './plan-document.service';

type Db = DataSource | EntityManager;

/** A CRM record that owns documents (docs/crm.md, "Documents"). */
export type CrmOwnerKind = 'tiers' | 'contact';

/** A type required of the owner, with its current document (null: missing). */
export interface OwnerRequirement { type: DocumentTypeRow; document: DocumentRow | null; state: DocumentState }

/** The documents of a CRM company or contact, for its page. */
export interface OwnerDocumentsView {
  /** The current version of each type, by type label. */
  current: DocumentRow[];
  /** How many versions (not in the trash) each current document has, by document id. */
  versions: Map<number, number>;
  /** The types required of this owner, each with its state. */
  requirements: OwnerRequirement[];
  /** The active types that may be given for this owner (nominative ones for a contact only). */
  types: DocumentTypeRow[];
}

/**
 * Does a type concern this kind of owner? A company gives the non-nominative documents, a
 * contact the nominative ones (the same rule as companies and staff members on a plan).
 */
export const typeFitsOwner = (type: Pick<DocumentTypeRow, 'nominative'>, kind: CrmOwnerKind): boolean => (kind === 'contact') === type.nominative;

/** Is a type required of this kind of owner? Companies: "mandatory for companies"; contacts: nominative and "mandatory for contacts". */
export const typeRequiredOf = (type: Pick<DocumentTypeRow, 'nominative' | 'mandatoryCompanies' | 'mandatoryContacts' | 'active'>, kind: CrmOwnerKind): boolean =>
  type.active && (kind === 'tiers' ? type.mandatoryCompanies && !type.nominative : type.mandatoryContacts && type.nominative);

/** The current documents of the owner, their version counts, the required types and the types offered. */
export async function loadOwnerDocuments(db: Db, tenantId: number, kind: CrmOwnerKind, ownerId: number): Promise<OwnerDocumentsView> {
  const rows: Array<{ id: number; count: string }> = await db.query(
    `SELECT DISTINCT ON (d.document_type_id) d.id, count(*) OVER (PARTITION BY d.document_type_id) AS count
       FROM plan_document d
      WHERE d.tenant_id = $1 AND d.owner_kind = $2 AND d.owner_id = $3 AND d.deleted_at IS NULL AND NOT d.is_model
      ORDER BY d.document_type_id, d.revision DESC`, [tenantId, kind, ownerId]);
  const current: DocumentRow[] = [];
  const versions = new Map<number, number>();
  for (const r of rows) {
    const doc = await findDocument(db, tenantId, r.id);
    if (doc) { current.push(doc); versions.set(doc.id, Number(r.count)); }
  }
  current.sort((a, b) => a.typeLabel.localeCompare(b.typeLabel, 'fr'));
  const allTypes = await listDocumentTypes(db, tenantId);
  const requirements = allTypes.filter((t) => typeRequiredOf(t, kind)).map((type) => {
    const document = current.find((d) => d.documentTypeId === type.id) ?? null;
    return { type, document, state: document ? documentState(document.expiresOn) : 'missing' as DocumentState };
  });
  return { current, versions, requirements, types: allTypes.filter((t) => t.active && typeFitsOwner(t, kind)) };
}
