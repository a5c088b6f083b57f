import type { DataSource, EntityManager } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import type { CertificateInput } from './certificate.schema';

/** A certificate as listed. */
export interface CertificateRow {
  id: number; code: string; siteId: number | null; siteName: string | null; producerName: string | null; billToName: string | null;
  carrierNames: string[]; wasteCount: number; documentCount: number; version: number;
}

/** A CRM company as the certificate shows and prints it. */
export interface CapCompany { id: number; name: string; siret: string | null; email: string | null; phone: string | null; address: string | null }

/** A waste listed on a certificate, with its code of the European list. */
export interface CapWaste { id: number; label: string; cedCode: string; cedLabel: string; hazardous: boolean; internalCode: string | null }

/** A document of a certificate. */
export interface CapDocumentRow { id: number; fileId: number; name: string; sizeBytes: number; createdAt: Date }

/** A certificate with everything its page, its form and its printed forms show. */
export interface CertificateRecord {
  id: number; tenantId: number; code: string; siteId: number | null; siteName: string | null; comment: string | null; version: number; createdAt: Date;
  orderingCustomer: CapCompany | null; producer: CapCompany | null; billTo: CapCompany | null;
  carriers: CapCompany[]; wastes: CapWaste[]; documents: CapDocumentRow[];
}

const LIST = `SELECT c.id, c.code, c.site_id AS "siteId", h.name AS "siteName", p.name AS "producerName", b.name AS "billToName", c.version,
                     coalesce((SELECT array_agg(t.name ORDER BY t.name) FROM cap_carrier cc JOIN tiers t ON t.id = cc.tiers_id WHERE cc.cap_id = c.id), '{}') AS "carrierNames",
                     (SELECT count(*)::int FROM cap_waste cw WHERE cw.cap_id = c.id) AS "wasteCount",
                     (SELECT count(*)::int FROM cap_document d WHERE d.cap_id = c.id) AS "documentCount"
                FROM cap_certificate c LEFT JOIN hierarchy_item h ON h.id = c.site_id
                LEFT JOIN tiers p ON p.id = c.producer_id LEFT JOIN tiers b ON b.id = c.bill_to_id`;

/** One page of the company's certificates whose code contains `q` (and on `siteId` when given), by code. */
export async function listCertificates(db: Db, tenantId: number, q: string, siteId: number | null, limit: number, offset: number): Promise<{ rows: CertificateRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const filter = 'c.tenant_id = $1 AND ($2::text IS NULL OR lower(c.code) LIKE $2) AND ($3::int IS NULL OR c.site_id = $3)';
  const [rows, total] = await Promise.all([
    db.query(`${LIST} WHERE ${filter} ORDER BY c.code, c.id LIMIT $4 OFFSET $5`, [tenantId, like, siteId, limit, offset]),
    countUpTo(db, `FROM cap_certificate c WHERE ${filter}`, [tenantId, like, siteId]),
  ]);
  return { rows, total };
}

/** The head office address of a company on one line (`12 rue X, 69000 Lyon`), else its first address. */
const ADDRESS = `(SELECT concat_ws(', ', nullif(a.address, ''), nullif(concat_ws(' ', a.zip_code, a.city), ''))
                    FROM tiers_address a WHERE a.tiers_id = t.id ORDER BY a.is_head_office DESC, a.id LIMIT 1)`;

async function companies(db: Db, tenantId: number, ids: number[]): Promise<CapCompany[]> {
  if (!ids.length) return [];
  return db.query(
    `SELECT t.id, t.name, t.siret, t.email, t.phone, ${ADDRESS} AS address FROM tiers t WHERE t.tenant_id = $1 AND t.id = ANY($2::int[]) ORDER BY t.name, t.id`,
    [tenantId, ids]);
}

/** One certificate of the company with its companies, wastes and documents, or null. */
export async function findCertificate(db: Db, tenantId: number, id: number): Promise<CertificateRecord | null> {
  if (!validId(id)) return null;
  const [row] = await db.query(
    `SELECT c.id, c.tenant_id AS "tenantId", c.code, c.site_id AS "siteId", h.name AS "siteName", c.comment, c.version, c.created_at AS "createdAt",
            c.ordering_customer_id AS "orderingCustomerId", c.producer_id AS "producerId", c.bill_to_id AS "billToId",
            coalesce((SELECT array_agg(cc.tiers_id) FROM cap_carrier cc WHERE cc.cap_id = c.id), '{}') AS "carrierIds"
       FROM cap_certificate c LEFT JOIN hierarchy_item h ON h.id = c.site_id WHERE c.id = $1 AND c.tenant_id = $2`, [id, tenantId]);
  if (!row) return null;
  const single = [row.orderingCustomerId, row.producerId, row.billToId].filter((x): x is number => x !== null);
  const [named, carriers, wastes, documents] = await Promise.all([
    companies(db, tenantId, single),
    companies(db, tenantId, row.carrierIds as number[]),
    db.query(
      `SELECT w.id, w.label, w.ced_code AS "cedCode", k.label AS "cedLabel", k.hazardous, w.internal_code AS "internalCode"
         FROM cap_waste cw JOIN waste w ON w.id = cw.waste_id JOIN waste_code k ON k.code = w.ced_code
        WHERE cw.cap_id = $1 AND w.tenant_id = $2 ORDER BY w.label, w.id`, [id, tenantId]),
    db.query(
      `SELECT d.id, d.file_id AS "fileId", f.original_name AS name, f.size_bytes::float8 AS "sizeBytes", d.created_at AS "createdAt"
         FROM cap_document d JOIN stored_file f ON f.id = d.file_id WHERE d.cap_id = $1 AND d.tenant_id = $2 ORDER BY d.id`, [id, tenantId]),
  ]);
  const byId = (x: number | null) => named.find((c) => c.id === x) ?? null;
  return {
    id: row.id, tenantId: row.tenantId, code: row.code, siteId: row.siteId, siteName: row.siteName, comment: row.comment, version: row.version, createdAt: row.createdAt,
    orderingCustomer: byId(row.orderingCustomerId), producer: byId(row.producerId), billTo: byId(row.billToId), carriers, wastes, documents,
  };
}

/** Field errors for references that are not the company's (site, companies, wastes). */
async function foreignReferences(db: Db, tenantId: number, input: CertificateInput): Promise<Record<string, string>> {
  const checks: Array<[string, string, number[]]> = [
    ['siteId', 'hierarchy_item', input.siteId === null ? [] : [input.siteId]],
    ['orderingCustomerId', 'tiers', input.orderingCustomerId === null ? [] : [input.orderingCustomerId]],
    ['producerId', 'tiers', input.producerId === null ? [] : [input.producerId]],
    ['billToId', 'tiers', input.billToId === null ? [] : [input.billToId]],
    ['carrierIds', 'tiers', input.carrierIds],
    ['wasteIds', 'waste', input.wasteIds],
  ];
  const errors: Record<string, string> = {};
  for (const [field, table, ids] of checks) {
    if (!ids.length) continue;
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::int[]) AND tenant_id = $2`, [ids, tenantId]);
    if (n !== ids.length) errors[field] = 'validation.choice';
  }
  return errors;
}

async function replaceLinks(m: EntityManager, id: number, input: CertificateInput): Promise<void> {
  await m.query('DELETE FROM cap_carrier WHERE cap_id = $1', [id]);
  await m.query('DELETE FROM cap_waste WHERE cap_id = $1', [id]);
  if (input.carrierIds.length) await m.query('INSERT INTO cap_carrier (cap_id, tiers_id) SELECT $1, unnest($2::int[])', [id, input.carrierIds]);
  if (input.wasteIds.length) await m.query('INSERT INTO cap_waste (cap_id, waste_id) SELECT $1, unnest($2::int[])', [id, input.wasteIds]);
}

/**
 * Creates (`id` null) or updates a certificate under the optimistic lock, with its carriers and wastes;
 * its code is unique in the company.
 */
export async function saveCertificate(db: DataSource, tenantId: number, id: number | null, input: CertificateInput): Promise<SaveResult> {
  const errors = await foreignReferences(db, tenantId, input);
  const [taken] = await db.query('SELECT 1 FROM cap_certificate WHERE tenant_id = $1 AND code = $2 AND id IS DISTINCT FROM $3', [tenantId, input.code, id]);
  if (taken) errors.code = 'waste.validation.cap_code_taken';
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = [input.code, input.siteId, input.orderingCustomerId, input.producerId, input.billToId, input.comment];
  return db.transaction(async (m): Promise<SaveResult> => {
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO cap_certificate (tenant_id, code, site_id, ordering_customer_id, producer_id, bill_to_id, comment)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, [tenantId, ...values]);
      await replaceLinks(m, row.id, input);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE cap_certificate SET code = $4, site_id = $5, ordering_customer_id = $6, producer_id = $7, bill_to_id = $8, comment = $9, version = version + 1
        WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`, [id, tenantId, input.version, ...values]));
    if (!updated.length) return { ok: false, stale: true };
    await replaceLinks(m, id, input);
    return { ok: true, id };
  });
}

/** Deletes a certificate, its links and its documents (their stored files go to the deletion queue). */
export async function removeCertificate(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [cap] = await m.query('SELECT id FROM cap_certificate WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!cap) return { status: 'not_found' };
    await m.query('DELETE FROM stored_file WHERE tenant_id = $2 AND id IN (SELECT file_id FROM cap_document WHERE cap_id = $1)', [id, tenantId]);
    await m.query('DELETE FROM cap_certificate WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}

/** Adds stored files (already saved rows) to a certificate. */
export async function addDocuments(m: EntityManager, tenantId: number, capId: number, fileIds: number[]): Promise<void> {
  await m.query('INSERT INTO cap_document (tenant_id, cap_id, file_id) SELECT $1, $2, unnest($3::int[])', [tenantId, capId, fileIds]);
}

/** Removes one document of a certificate and its stored file; false when it is not the certificate's. */
export async function removeDocument(db: Db, tenantId: number, capId: number, documentId: number): Promise<boolean> {
  if (!validId(documentId)) return false;
  const removed = rowsOf(await db.query(
    `DELETE FROM stored_file WHERE tenant_id = $2 AND id = (SELECT file_id FROM cap_document WHERE id = $3 AND cap_id = $1 AND tenant_id = $2) RETURNING id`,
    [capId, tenantId, documentId]));
  return removed.length > 0;
}

/** Most companies the carriers list offers (by name); companies already chosen are always offered. */
const CHOICES = 500;

/** The company's CRM companies (not in the trash) for the carriers list, `{id, label}` by name, the chosen ones included. */
export async function companyChoices(db: Db, tenantId: number, chosen: number[]): Promise<Array<{ id: number; label: string }>> {
  const rows: Array<{ id: number; name: string; city: string | null }> = await db.query(
    `(SELECT t.id, t.name, (SELECT a.city FROM tiers_address a WHERE a.tiers_id = t.id ORDER BY a.is_head_office DESC, a.id LIMIT 1) AS city
        FROM tiers t WHERE t.tenant_id = $1 AND t.deleted_at IS NULL ORDER BY t.name, t.id LIMIT ${CHOICES})
     UNION
     (SELECT t.id, t.name, NULL FROM tiers t WHERE t.tenant_id = $1 AND t.id = ANY($2::int[]))`, [tenantId, chosen]);
  const byId = new Map<number, { id: number; name: string; city: string | null }>();
  for (const r of rows) if (!byId.has(r.id) || r.city) byId.set(r.id, r);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id)
    .map((r) => ({ id: r.id, label: r.city ? `${r.name} (${r.city})` : r.name }));
}
