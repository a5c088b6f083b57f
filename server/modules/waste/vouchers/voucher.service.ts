import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import type { VoucherInput } from './voucher.schema';

/** A voucher as listed and edited. */
export interface VoucherRow {
  id: number; number: string; collectionDate: string; wasteId: number; wasteLabel: string; cedCode: string;
  containerId: number | null; containerName: string | null; weightT: string; siteId: number; siteName: string;
  carrierId: number | null; carrierName: string | null; consigneeId: number | null; consigneeName: string | null; version: number;
}

const SELECT = `SELECT v.id, v.number, to_char(v.collection_date, 'YYYY-MM-DD') AS "collectionDate", v.waste_id AS "wasteId", w.label AS "wasteLabel", w.ced_code AS "cedCode",
                       v.container_id AS "containerId", c.name AS "containerName", v.weight_t AS "weightT", v.site_id AS "siteId", h.name AS "siteName",
                       v.carrier_id AS "carrierId", ca.name AS "carrierName", v.consignee_id AS "consigneeId", co.name AS "consigneeName", v.version
                  FROM waste_voucher v JOIN waste w ON w.id = v.waste_id JOIN hierarchy_item h ON h.id = v.site_id
                  LEFT JOIN waste_container c ON c.id = v.container_id LEFT JOIN tiers ca ON ca.id = v.carrier_id LEFT JOIN tiers co ON co.id = v.consignee_id`;

/** One page of the company's vouchers whose number contains `q`, latest collection first. */
export async function listVouchers(db: Db, tenantId: number, q: string, limit: number, offset: number): Promise<{ rows: VoucherRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const filter = 'v.tenant_id = $1 AND ($2::text IS NULL OR lower(v.number) LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query(`${SELECT} WHERE ${filter} ORDER BY v.collection_date DESC, v.id DESC LIMIT $3 OFFSET $4`, [tenantId, like, limit, offset]),
    countUpTo(db, `FROM waste_voucher v WHERE ${filter}`, [tenantId, like]),
  ]);
  return { rows, total };
}

/** One voucher of the company, or null. */
export async function findVoucher(db: Db, tenantId: number, id: number): Promise<VoucherRow | null> {
  if (!validId(id)) return null;
  const [row] = await db.query(`${SELECT} WHERE v.id = $1 AND v.tenant_id = $2`, [id, tenantId]);
  return row ?? null;
}

/** Field errors for references that are not the company's (waste, container, site, carrier, consignee). */
async function foreignReferences(db: Db, tenantId: number, input: VoucherInput): Promise<Record<string, string>> {
  const checks: Array<[string, string, number | null]> = [
    ['wasteId', 'waste', input.wasteId], ['containerId', 'waste_container', input.containerId], ['siteId', 'hierarchy_item', input.siteId],
    ['carrierId', 'tiers', input.carrierId], ['consigneeId', 'tiers', input.consigneeId],
  ];
  const errors: Record<string, string> = {};
  for (const [field, table, id] of checks) {
    if (id === null) continue;
    const [found] = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND tenant_id = $2`, [id, tenantId]);
    if (!found) errors[field] = 'validation.choice';
  }
  return errors;
}

/** Creates (`id` null) or updates a voucher under the optimistic lock; its number is unique in the company. */
export async function saveVoucher(db: Db, tenantId: number, id: number | null, input: VoucherInput): Promise<SaveResult> {
  const errors = await foreignReferences(db, tenantId, input);
  const [taken] = await db.query('SELECT 1 FROM waste_voucher WHERE tenant_id = $1 AND number = $2 AND id IS DISTINCT FROM $3', [tenantId, input.number, id]);
  if (taken) errors.number = 'waste.validation.number_taken';
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = [input.number, input.collectionDate, input.wasteId, input.containerId, input.weight.toFixed(3), input.siteId, input.carrierId, input.consigneeId];
  if (id === null) {
    const [row] = await db.query(
      `INSERT INTO waste_voucher (tenant_id, number, collection_date, waste_id, container_id, weight_t, site_id, carrier_id, consignee_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [tenantId, ...values]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    `UPDATE waste_voucher SET number = $4, collection_date = $5, waste_id = $6, container_id = $7, weight_t = $8, site_id = $9, carrier_id = $10, consignee_id = $11,
            version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`, [id, tenantId, input.version, ...values]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a voucher (nothing hangs on it). */
export async function removeVoucher(db: Db, tenantId: number, id: number): Promise<RemoveResult> {
  const removed = rowsOf(await db.query('DELETE FROM waste_voucher WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId]));
  return removed.length ? { status: 'removed' } : { status: 'not_found' };
}
