import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { saveStagedUpload, type StagedUpload } from '../../kernel/uploads';
import { softDelete } from '../../kernel/trash/trash';
import { recordHistory } from '../../kernel/history/history.service';
import type { DocumentOwnerKind } from './plan-document.entity';
import type { DocumentEditInput } from './plan-document.schema';
import type { PlanOwners } from './plan-document.owners';
import { rowsOf } from '../../kernel/db/sql';

export { documentState, EXPIRING_SOON_DAYS, type DocumentState } from './plan-document.rules';

type Db = DataSource | EntityManager;

/** What the documents write in the plan's history (`transition` -> translation key). */
export const PLAN_DOCUMENT_HISTORY_LABELS: Record<string, string> = Object.fromEntries(
  ['document_add', 'document_version', 'document_model', 'document_edit', 'document_delete', 'document_validate', 'document_ask',
    'document_portal', 'document_link', 'document_link_revoke']
    .map((t) => [t, `plan-document.plan_history.${t}`]));

/** Owners whose documents belong to a plan (and so to its history); CRM ones (`tiers`, `contact`) do not. */
const PLAN_OWNER_KINDS: readonly DocumentOwnerKind[] = ['plan', 'plan_company', 'plan_staff'];

/** What the history row says of a document version: type, version and, unless it is the plan's own, whose it is. */
async function describeDocument(m: EntityManager, tenantId: number, d: { ownerKind: DocumentOwnerKind; ownerId: number; documentTypeId: number; revision: number }): Promise<string> {
  const [type] = await m.query('SELECT label FROM document_type WHERE id = $1 AND tenant_id = $2', [d.documentTypeId, tenantId]);
  const [owner] = d.ownerKind === 'plan_company'
    ? await m.query('SELECT name FROM plan_company WHERE id = $1 AND tenant_id = $2', [d.ownerId, tenantId])
    : d.ownerKind === 'plan_staff'
      ? await m.query(`SELECT trim(coalesce(s.first_name, '') || ' ' || s.last_name) || ' (' || c.name || ')' AS name
          FROM plan_staff s JOIN plan_company c ON c.id = s.plan_company_id WHERE s.id = $1 AND s.tenant_id = $2`, [d.ownerId, tenantId])
      : [];
  const what = `${type?.label ?? ''} (v${d.revision})`;
  return owner?.name ? `${what} – ${owner.name}` : what;
}

/**
 * Writes `transition` in the plan's history with `m` (same transaction as the change), for a
 * document of the plan, one of its companies or one of its staff members only.
 */
async function planHistory(m: EntityManager, tenantId: number, userId: number | null, transition: string,
  d: { planId: number | null; ownerKind: DocumentOwnerKind; ownerId: number; documentTypeId: number; revision: number }): Promise<void> {
  if (d.planId === null || !PLAN_OWNER_KINDS.includes(d.ownerKind)) return;
  await recordHistory(m, { tenantId, subjectType: 'prevention_plan', subjectId: d.planId, transition, comment: await describeDocument(m, tenantId, d), userId });
}

/** One file of a document version. */
export interface DocumentFileRow { id: number; name: string; sizeBytes: number }

/** One version of a document, with its files. */
export interface DocumentRow {
  id: number;
  planId: number | null;
  ownerKind: DocumentOwnerKind;
  ownerId: number;
  documentTypeId: number;
  typeLabel: string;
  comment: string;
  validFrom: string | null;
  expiresOn: string | null;
  revision: number;
  isModel: boolean;
  validatedAt: Date | null;
  validatedByName: string | null;
  createdAt: Date;
  /** Who gave this version (never its validator: plan-document.rules.ts). */
  createdById: number | null;
  createdByName: string | null;
  /** The portal link the outside company gave this version through (issue 25 item 2), and where it was mailed. */
  portalLinkId: number | null;
  portalEmail: string | null;
  version: number;
  files: DocumentFileRow[];
}

const SELECT = `SELECT d.id, d.plan_id, d.owner_kind, d.owner_id, d.document_type_id, t.label AS type_label, d.comment,
    to_char(d.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(d.expires_on, 'YYYY-MM-DD') AS expires_on, d.revision, d.is_model,
    d.validated_at, NULLIF(trim(v.first_name || ' ' || v.last_name), '') AS validated_by_name, d.created_at, d.created_by_id,
    NULLIF(trim(c.first_name || ' ' || c.last_name), '') AS created_by_name, d.version, d.portal_link_id, pl.email AS portal_email
  FROM plan_document d JOIN document_type t ON t.id = d.document_type_id
  LEFT JOIN app_user v ON v.id = d.validated_by_id LEFT JOIN app_user c ON c.id = d.created_by_id
  LEFT JOIN plan_document_link pl ON pl.id = d.portal_link_id`;

function toRow(r: Record<string, any>): DocumentRow {
  return {
    id: r.id, planId: r.plan_id, ownerKind: r.owner_kind, ownerId: r.owner_id, documentTypeId: r.document_type_id, typeLabel: r.type_label,
    comment: r.comment ?? '', validFrom: r.valid_from, expiresOn: r.expires_on, revision: r.revision, isModel: r.is_model,
    validatedAt: r.validated_at, validatedByName: r.validated_by_name, createdAt: r.created_at, createdById: r.created_by_id, createdByName: r.created_by_name,
    portalLinkId: r.portal_link_id ?? null, portalEmail: r.portal_email ?? null, version: r.version, files: [],
  };
}

async function withFiles(db: Db, tenantId: number, docs: DocumentRow[]): Promise<DocumentRow[]> {
  if (!docs.length) return docs;
  const files = await db.query(
    `SELECT pf.id, pf.document_id, f.original_name, f.size_bytes FROM plan_document_file pf JOIN stored_file f ON f.id = pf.file_id
      WHERE pf.tenant_id = $1 AND pf.document_id = ANY($2::int[]) ORDER BY pf.id`, [tenantId, docs.map((d) => d.id)]);
  const byDoc = new Map(docs.map((d) => [d.id, d]));
  for (const f of files) byDoc.get(f.document_id)?.files.push({ id: f.id, name: f.original_name, sizeBytes: Number(f.size_bytes) });
  return docs;
}

/**
 * Every document version (not in the trash) concerning a plan: its own, those of its companies
 * and staff members, and those of the CRM tiers and contacts behind them. Newest revision first.
 */
export async function listPlanDocuments(db: Db, tenantId: number, planId: number, owners: PlanOwners): Promise<DocumentRow[]> {
  const tiers = owners.companies.map((c) => c.tiersId).filter((x): x is number => x !== null);
  const contacts = owners.staff.map((s) => s.contactId).filter((x): x is number => x !== null);
  const rows = await db.query(
    `${SELECT} WHERE d.tenant_id = $1 AND d.deleted_at IS NULL AND (
        (d.owner_kind = 'plan' AND d.owner_id = $2)
     OR (d.owner_kind = 'plan_company' AND d.owner_id = ANY($3::int[]))
     OR (d.owner_kind = 'plan_staff' AND d.owner_id = ANY($4::int[]))
     OR (d.owner_kind = 'tiers' AND d.owner_id = ANY($5::int[]))
     OR (d.owner_kind = 'contact' AND d.owner_id = ANY($6::int[])))
     ORDER BY lower(t.label), d.owner_kind, d.owner_id, d.is_model DESC, d.revision DESC`,
    [tenantId, planId, owners.companies.map((c) => c.id), owners.staff.map((s) => s.id), tiers, contacts]);
  return withFiles(db, tenantId, rows.map(toRow));
}

/** The current versions among `docs`: the highest revision per owner, type and model flag. */
export function currentVersions(docs: DocumentRow[]): DocumentRow[] {
  const best = new Map<string, DocumentRow>();
  for (const d of docs) {
    const key = `${d.ownerKind}:${d.ownerId}:${d.documentTypeId}:${d.isModel}`;
    const seen = best.get(key);
    if (!seen || d.revision > seen.revision) best.set(key, d);
  }
  return docs.filter((d) => best.get(`${d.ownerKind}:${d.ownerId}:${d.documentTypeId}:${d.isModel}`) === d);
}

/** One document version of the tenant (not in the trash), with its files. */
export async function findDocument(db: Db, tenantId: number, id: number): Promise<DocumentRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await db.query(`${SELECT} WHERE d.id = $1 AND d.tenant_id = $2 AND d.deleted_at IS NULL`, [id, tenantId]);
  return r ? (await withFiles(db, tenantId, [toRow(r)]))[0] : null;
}

/** Every version (not in the trash) of the same owner and type as `doc`, newest first. */
export async function documentHistory(db: Db, tenantId: number, doc: DocumentRow): Promise<DocumentRow[]> {
  const rows = await db.query(
    `${SELECT} WHERE d.tenant_id = $1 AND d.owner_kind = $2 AND d.owner_id = $3 AND d.document_type_id = $4 AND d.is_model = $5 AND d.deleted_at IS NULL
     ORDER BY d.revision DESC`, [tenantId, doc.ownerKind, doc.ownerId, doc.documentTypeId, doc.isModel]);
  return withFiles(db, tenantId, rows.map(toRow));
}

/** The file `id` of a document version (with the version's plan), or null. */
export async function findDocumentFile(db: Db, tenantId: number, id: number): Promise<{ fileId: number; documentId: number } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await db.query(
    `SELECT pf.file_id, pf.document_id FROM plan_document_file pf JOIN plan_document d ON d.id = pf.document_id
      WHERE pf.id = $1 AND pf.tenant_id = $2 AND d.deleted_at IS NULL`, [id, tenantId]);
  return r ? { fileId: r.file_id, documentId: r.document_id } : null;
}

/** What a new document version is made of. */
export interface NewDocument {
  planId: number | null;
  ownerKind: DocumentOwnerKind;
  ownerId: number;
  documentTypeId: number;
  validFrom: string | null;
  expiresOn: string | null;
  comment: string;
  isModel?: boolean;
  /** Given by the outside company through its portal link (no user). */
  portalLinkId?: number | null;
}

/**
 * Adds a version of the owner's document of this type: revision n+1 (the older ones stay as its
 * history), with its files. Returns the id and the staged files to promote after the commit.
 */
export async function addDocument(db: DataSource, tenantId: number, userId: number | null, input: NewDocument, uploads: StagedUpload[]): Promise<{ id: number; revision: number; promote: Array<{ tmpKey: string; storageKey: string }> }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (m) => {
        const [{ next }] = await m.query(
          `SELECT COALESCE(max(revision), 0) + 1 AS next FROM plan_document
            WHERE tenant_id = $1 AND owner_kind = $2 AND owner_id = $3 AND document_type_id = $4 AND is_model = $5`,
          [tenantId, input.ownerKind, input.ownerId, input.documentTypeId, input.isModel ?? false]);
        const [row] = await m.query(
          `INSERT INTO plan_document (tenant_id, plan_id, owner_kind, owner_id, document_type_id, valid_from, expires_on, comment, revision, is_model, created_by_id, portal_link_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          [tenantId, input.planId, input.ownerKind, input.ownerId, input.documentTypeId, input.validFrom, input.expiresOn, input.comment, next, input.isModel ?? false, userId, input.portalLinkId ?? null]);
        const promote: Array<{ tmpKey: string; storageKey: string }> = [];
        for (const u of uploads) {
          const file = await saveStagedUpload(m, u, { tenantId, userId });
          await m.query('INSERT INTO plan_document_file (tenant_id, document_id, file_id) VALUES ($1, $2, $3)', [tenantId, row.id, file.id]);
          promote.push({ tmpKey: u.tmpKey, storageKey: file.storageKey });
        }
        const transition = input.isModel ? 'document_model' : input.portalLinkId ? 'document_portal' : Number(next) > 1 ? 'document_version' : 'document_add';
        await planHistory(m, tenantId, userId, transition, { ...input, revision: Number(next) });
        return { id: row.id as number, revision: Number(next), promote };
      });
    } catch (err) {
      // Two uploads of the same document at once: the unique revision index refuses one; it takes the next number.
      const code = (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;
      if (code !== '23505' || attempt >= 2) throw err;
    }
  }
}

/** Changes a version's dates and comment (optimistic lock). A changed expiry drops the validation. */
export async function editDocument(db: DataSource, tenantId: number, doc: DocumentRow, userId: number, input: Omit<DocumentEditInput, 'validFrom' | 'expiresOn'> & { validFrom: string | null; expiresOn: string | null }): Promise<boolean> {
  return db.transaction(async (m) => {
    const updated = rowsOf(await m.query(
      `UPDATE plan_document SET valid_from = $1, expires_on = $2, comment = $3, version = version + 1, updated_at = now(),
              validated_at = CASE WHEN expires_on IS DISTINCT FROM $2::date THEN NULL ELSE validated_at END,
              validated_by_id = CASE WHEN expires_on IS DISTINCT FROM $2::date THEN NULL ELSE validated_by_id END
        WHERE id = $4 AND tenant_id = $5 AND version = $6 AND deleted_at IS NULL RETURNING id`,
      [input.validFrom, input.expiresOn, input.comment, doc.id, tenantId, input.version]));
    if (!updated.length) return false;
    await planHistory(m, tenantId, userId, 'document_edit', doc);
    return true;
  });
}

/** Marks a version validated by the user, now. */
export async function validateDocument(db: DataSource, tenantId: number, doc: DocumentRow, userId: number): Promise<boolean> {
  return db.transaction(async (m) => {
    const updated = rowsOf(await m.query(
      'UPDATE plan_document SET validated_at = $1, validated_by_id = $2, version = version + 1 WHERE id = $3 AND tenant_id = $4 AND deleted_at IS NULL RETURNING id',
      [clock.now(), userId, doc.id, tenantId]));
    if (!updated.length) return false;
    await planHistory(m, tenantId, userId, 'document_validate', doc);
    return true;
  });
}

/** Records in the plan's history that a document was asked for by mail (`comment`: type, company and address). */
export async function recordDocumentAsk(db: DataSource, tenantId: number, planId: number, userId: number, comment: string): Promise<void> {
  await db.transaction((m) => recordHistory(m, { tenantId, subjectType: 'prevention_plan', subjectId: planId, transition: 'document_ask', comment, userId }));
}

/** Moves a version to the trash; the previous version, if any, becomes the current one again. */
export async function removeDocument(db: DataSource, tenantId: number, doc: DocumentRow, userId: number): Promise<boolean> {
  return db.transaction(async (m) => {
    const done = await softDelete(m, { table: 'plan_document', id: doc.id, tenantId, title: `${doc.typeLabel} (v${doc.revision})`, userId });
    if (done) await planHistory(m, tenantId, userId, 'document_delete', doc);
    return done;
  });
}
