import type { DataSource } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { formatCedCode } from '../core/ced-codes';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import type { WasteInput } from './catalogue.schema';

/** A waste as listed and edited, with its code's label and hazard. */
export interface WasteRow {
  id: number; label: string; cedCode: string; cedLabel: string; hazardous: boolean;
  familyId: number | null; familyName: string | null; internalCode: string | null; toAnalysis: boolean; version: number;
}

const SELECT = `SELECT w.id, w.label, w.ced_code AS "cedCode", c.label AS "cedLabel", c.hazardous, w.family_id AS "familyId", f.name AS "familyName",
                       w.internal_code AS "internalCode", w.to_analysis AS "toAnalysis", w.version
                  FROM waste w JOIN waste_code c ON c.code = w.ced_code LEFT JOIN waste_family f ON f.id = w.family_id`;

/** One page of the company's wastes whose label, internal code or code contains `q`, by label. */
export async function listWastes(db: Db, tenantId: number, q: string, limit: number, offset: number): Promise<{ rows: WasteRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const code = like ? like.replace(/\s/g, '') : null;
  const filter = `w.tenant_id = $1 AND ($2::text IS NULL OR lower(w.label) LIKE $2 OR lower(coalesce(w.internal_code, '')) LIKE $2 OR w.ced_code LIKE $3)`;
  const [rows, total] = await Promise.all([
    db.query(`${SELECT} WHERE ${filter} ORDER BY w.label, w.id LIMIT $4 OFFSET $5`, [tenantId, like, code, limit, offset]),
    countUpTo(db, `FROM waste w WHERE ${filter}`, [tenantId, like, code]),
  ]);
  return { rows, total };
}

/** One waste of the company, or null. */
export async function findWaste(db: Db, tenantId: number, id: number): Promise<WasteRow | null> {
  if (!validId(id)) return null;
  const [row] = await db.query(`${SELECT} WHERE w.id = $1 AND w.tenant_id = $2`, [id, tenantId]);
  return row ?? null;
}

/** The label the autocomplete shows for a code: `17 01 01* – label`. */
export const cedChoiceLabel = (code: string, label: string, hazardous: boolean): string => `${formatCedCode(code)}${hazardous ? '*' : ''} – ${label}`;

/**
 * Six-digit entries of the list matching `q`: by code (spaces ignored, `170101` or `17 01`) or by
 * words of the label (each word found, case ignored). At most 20, by code.
 */
export async function searchCedCodes(db: Db, q: string): Promise<Array<{ id: string; label: string }>> {
  const digits = q.replace(/[\s*]/g, '');
  const words = /^\d+$/.test(digits) ? [] : q.toLowerCase().split(/\s+/).filter((w) => w.length > 1).slice(0, 5);
  if (!words.length && !/^\d{1,6}$/.test(digits)) return [];
  const params: unknown[] = words.length ? words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : [`${digits}%`];
  const where = words.length ? words.map((_, i) => `lower(label) LIKE $${i + 1}`).join(' AND ') : 'code LIKE $1';
  const rows: Array<{ code: string; label: string; hazardous: boolean }> = await db.query(
    `SELECT code, label, hazardous FROM waste_code WHERE level = 3 AND ${where} ORDER BY code LIMIT 20`, params);
  return rows.map((r) => ({ id: r.code, label: cedChoiceLabel(r.code, r.label, r.hazardous) }));
}

/** Creates (`id` null) or updates a waste under the optimistic lock; the code must be an entry of the list and the family the company's. */
export async function saveWaste(db: Db, tenantId: number, id: number | null, input: WasteInput): Promise<SaveResult> {
  const [code] = input.cedCode ? await db.query('SELECT 1 FROM waste_code WHERE code = $1 AND level = 3', [input.cedCode]) : [];
  if (!code) return { ok: false, errors: { cedCode: input.cedCode || input.cedLabel ? 'waste.validation.ced_code' : 'validation.required' } };
  if (input.familyId !== null) {
    const [family] = await db.query('SELECT 1 FROM waste_family WHERE id = $1 AND tenant_id = $2', [input.familyId, tenantId]);
    if (!family) return { ok: false, errors: { familyId: 'validation.choice' } };
  }
  const values = [input.label, input.cedCode, input.familyId, input.internalCode, input.toAnalysis];
  if (id === null) {
    const [row] = await db.query('INSERT INTO waste (tenant_id, label, ced_code, family_id, internal_code, to_analysis) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [tenantId, ...values]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE waste SET label = $4, ced_code = $5, family_id = $6, internal_code = $7, to_analysis = $8, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, ...values]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a waste unless a voucher or a CAP certificate uses it. */
export async function removeWaste(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [w] = await m.query('SELECT id FROM waste WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!w) return { status: 'not_found' };
    const [voucher] = await m.query('SELECT 1 FROM waste_voucher WHERE tenant_id = $2 AND waste_id = $1 LIMIT 1', [id, tenantId]);
    if (voucher) return { status: 'in_use', reason: 'waste.waste.errors.in_use_voucher' };
    const [cap] = await m.query('SELECT 1 FROM cap_waste WHERE waste_id = $1 LIMIT 1', [id]);
    if (cap) return { status: 'in_use', reason: 'waste.waste.errors.in_use_cap' };
    await m.query('DELETE FROM waste WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
