import { createHash } from 'node:crypto';
import { clock } from '../../../kernel/clock';
import { loadConfig } from '../../../kernel/config';
import { inTransaction, rowsOf, type Db } from '../../../kernel/db/sql';
import { createStorage, promoteAfterCommit, safeSlug, tenantKey, tmpKey, type Storage } from '../../../kernel/storage';
import { loadDuDocument } from '../core/du-document';
import { renderDuPdf } from '../core/du-document-pdf';

/** Where the frozen PDFs of the unique risk document live. */
export const historyStorage: Storage = createStorage(loadConfig());

/** SHA-256 in lower-case hex. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A version's link in the chain: SHA-256 of its PDF's hash, the previous version's hash and its data's hash. */
export function chainHash(pdfSha256: string, previousHash: string | null, dataSha256: string): string {
  return sha256(`${pdfSha256}\n${previousHash ?? ''}\n${dataSha256}`);
}

/** A version as the history lists it. */
export interface VersionLine {
  id: number; tenantId: number; hierarchyItemId: number; entityName: string; number: number; createdAt: Date; createdByName: string;
  pdfFileId: number; pdfSha256: string; hash: string; previousHash: string | null;
  signedAt: Date | null; signerName: string | null; signatureImage: string | null; rowCount: number;
}

const SELECT = `SELECT v.id, v.tenant_id, v.hierarchy_item_id, i.name AS entity_name, v.number, v.created_at, v.pdf_file_id, v.pdf_sha256, v.hash, v.previous_hash,
    v.signed_at, v.signer_name, v.signature_image, coalesce(trim(u.first_name || ' ' || u.last_name), '') AS created_by_name, v.data
  FROM du_history_version v JOIN hierarchy_item i ON i.id = v.hierarchy_item_id LEFT JOIN app_user u ON u.id = v.created_by_id`;

const toLine = (r: Record<string, any>): VersionLine => ({
  id: Number(r.id), tenantId: Number(r.tenant_id), hierarchyItemId: Number(r.hierarchy_item_id), entityName: r.entity_name, number: Number(r.number),
  createdAt: new Date(r.created_at), createdByName: r.created_by_name, pdfFileId: Number(r.pdf_file_id), pdfSha256: r.pdf_sha256, hash: r.hash,
  previousHash: r.previous_hash, signedAt: r.signed_at ? new Date(r.signed_at) : null, signerName: r.signer_name, signatureImage: r.signature_image,
  rowCount: rowCountOf(r.data),
});

/** How many lines a version froze (0 when its data cannot be read: the check reports it). */
function rowCountOf(data: string): number {
  try {
    const rows = (JSON.parse(data) as { rows?: unknown }).rows;
    return Array.isArray(rows) ? rows.length : 0;
  } catch {
    return 0;
  }
}

/** The versions of an entity's document, newest first. */
export async function listVersions(db: Db, tenantId: number, itemId: number): Promise<VersionLine[]> {
  return (await db.query(`${SELECT} WHERE v.tenant_id = $1 AND v.hierarchy_item_id = $2 ORDER BY v.number DESC`, [tenantId, itemId])).map(toLine);
}

/** One version of the company, or null. */
export async function findVersion(db: Db, tenantId: number, id: number): Promise<VersionLine | null> {
  const [r] = await db.query(`${SELECT} WHERE v.id = $1 AND v.tenant_id = $2`, [id, tenantId]);
  return r ? toLine(r) : null;
}

/**
 * Freezes the current document of the entity: prints it, stores the PDF (temporary key promoted
 * after the commit) and writes the version with its data and its link in the entity's chain.
 * A version made meanwhile for the same entity makes the insert fail on the number: null (409).
 * `createdAt` dates the version (now; the demo backdates its history by a year).
 */
export async function createVersion(db: Db, tenantId: number, itemId: number, entityName: string, userId: number | null, locale?: string, createdAt: Date = clock.now()): Promise<VersionLine | null> {
  const [last] = rowsOf<{ number: number; hash: string }>(await db.query(
    'SELECT number, hash FROM du_history_version WHERE tenant_id = $1 AND hierarchy_item_id = $2 ORDER BY number DESC LIMIT 1', [tenantId, itemId]));
  const number = last ? Number(last.number) + 1 : 1;
  const doc = await loadDuDocument(db, tenantId, itemId, entityName);
  const pdf = await renderDuPdf(db, tenantId, doc, { locale, version: { number, createdAt } });
  const data = JSON.stringify({ entity: { id: itemId, name: entityName }, number, createdAt: createdAt.toISOString(), rows: doc.groups.flatMap((g) => g.rows) });
  const pdfSha256 = sha256(pdf);
  const dataSha256 = sha256(data);
  const previousHash = last ? last.hash : null;
  const name = `document-unique-${safeSlug(entityName, 60) || itemId}-v${number}.pdf`;
  const staged = tmpKey();
  await historyStorage.put(staged, pdf, { contentType: 'application/pdf' });
  const id = await inTransaction(db, async (m) => {
    const taken = await m.query('SELECT 1 FROM du_history_version WHERE tenant_id = $1 AND hierarchy_item_id = $2 AND number = $3', [tenantId, itemId, number]);
    if (taken.length) return null;
    const key = tenantKey(tenantId, name);
    const [file] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes, created_by, state, tmp_key) VALUES ($1, $2, $3, 'application/pdf', $4, $5, 'pending', $6) RETURNING id`,
      [tenantId, key, name, pdf.length, userId, staged]));
    const [row] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO du_history_version (tenant_id, hierarchy_item_id, number, created_at, created_by_id, pdf_file_id, pdf_sha256, data, data_sha256, previous_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT ON CONSTRAINT "UQ_du_history_version_number" DO NOTHING RETURNING id`,
      [tenantId, itemId, number, createdAt, userId, file.id, pdfSha256, data, dataSha256, previousHash, chainHash(pdfSha256, previousHash, dataSha256)]));
    if (!row) throw new VersionTaken();
    promoteAfterCommit(m, historyStorage, { id: Number(file.id), tmpKey: staged, storageKey: key });
    return Number(row.id);
  }).catch((err) => { if (err instanceof VersionTaken) return null; throw err; });
  return id == null ? null : findVersion(db, tenantId, id);
}

class VersionTaken extends Error {}

/** The signature of a version: name, drawn image, who signed (null when not a user). */
export interface VersionSignature { name: string; image: string; userId: number | null }

/**
 * Signs a version not yet signed (the only change a version accepts); false when it was signed
 * meanwhile. `at` dates the signature (now; the demo backdates its history).
 */
export async function signVersion(db: Db, tenantId: number, id: number, s: VersionSignature, at: Date = clock.now()): Promise<boolean> {
  const rows = rowsOf(await db.query(
    `UPDATE du_history_version SET signed_at = $3, signer_name = $4, signature_image = $5, signed_by_id = $6
      WHERE id = $1 AND tenant_id = $2 AND signed_at IS NULL RETURNING id`, [id, tenantId, at, s.name, s.image, s.userId]));
  return rows.length > 0;
}
