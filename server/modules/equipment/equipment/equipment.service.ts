import type { DataSource } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FieldError } from '../../../kernel/http/forms';
import type { PageRequest } from '../../../kernel/http/pagination';
import type { HierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { scopeParam, scopeSql } from '../core/equipment-access';
import type { EquipmentFilters, EquipmentInput } from './equipment.schema';

/** A line of the equipment list. */
export interface EquipmentRow {
  id: number; name: string; brand: string | null; model: string | null; serialNumber: string | null; internalNumber: string | null;
  categoryName: string | null; itemName: string | null; archived: boolean; nextDeadline: string | null; hasPhoto: boolean;
}

/** Every field of an equipment with the names of what it points to. */
export interface EquipmentRecord {
  id: number; tenantId: number; name: string; brand: string | null; model: string | null; serialNumber: string | null; internalNumber: string | null;
  hierarchyItemId: number | null; itemName: string | null; serviceId: number | null; serviceName: string | null; siteId: number | null; siteName: string | null;
  location: string | null; sectorId: number | null; sectorName: string | null; locationPrecision: string | null;
  categoryId: number | null; categoryName: string | null; photoFileId: number | null; annexFileId: number | null; annexFileName: string | null;
  annexLabel: string | null; archived: boolean; version: number; createdAt: Date; updatedAt: Date;
}

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Outcome of a removal: removed, unknown in this company, or refused with what uses it (translation keys). */
export type RemoveResult = { status: 'removed' } | { status: 'not_found' } | { status: 'in_use'; uses: string[] };

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/** Escapes a search text for ILIKE. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ids of a category and every category below it. */
async function categorySubtree(db: Db, tenantId: number, id: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await db.query(
    `WITH RECURSIVE below AS (SELECT id FROM equipment_category WHERE id = $2 AND tenant_id = $1
       UNION SELECT c.id FROM equipment_category c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1) SELECT id FROM below`, [tenantId, id]);
  return rows.map((r) => r.id);
}

/** The ids of an entity and every entity below it. */
async function itemSubtree(db: Db, tenantId: number, id: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await db.query(
    `WITH RECURSIVE below AS (SELECT id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL
       UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1 AND c.deleted_at IS NULL) SELECT id FROM below`, [tenantId, id]);
  return rows.map((r) => r.id);
}

/**
 * A page of the company's equipment within the user's scope, by name (read in that order from
 * `IDX_equipment_list`): search in name, brand, model, serial and internal numbers; a category
 * (with its sub-categories), an entity (with those below it), active or archived.
 */
export async function listEquipment(db: Db, tenantId: number, scope: HierarchyScope, f: EquipmentFilters, page: PageRequest): Promise<{ rows: EquipmentRow[]; total: CappedTotal }> {
  const params: unknown[] = [tenantId, f.archived === '1'];
  const cond = ['e.tenant_id = $1', 'e.archived = $2'];
  const add = (sql: string, value: unknown) => { params.push(value); cond.push(sql.replaceAll('?', `$${params.length}`)); };
  // Unrestricted, the scope's condition is TRUE and names no parameter: none is sent.
  if (!scope.unrestricted) { params.push(scopeParam(scope)); cond.push(scopeSql(scope, 'e.hierarchy_item_id', params.length)); }
  if (f.q) add('(e.name ILIKE ? OR e.brand ILIKE ? OR e.model ILIKE ? OR e.serial_number ILIKE ? OR e.internal_number ILIKE ?)', likePattern(f.q));
  if (f.category) add('e.category_id = ANY(?::int[])', await categorySubtree(db, tenantId, f.category));
  if (f.entity) add('e.hierarchy_item_id = ANY(?::int[])', await itemSubtree(db, tenantId, f.entity));
  const where = cond.join(' AND ');
  const [rows, total] = await Promise.all([
    db.query(
      `SELECT e.id, e.name, e.brand, e.model, e.serial_number, e.internal_number, e.archived, e.photo_file_id IS NOT NULL AS has_photo,
              c.name AS category_name, h.name AS item_name,
              (SELECT min(v.deadline)::text FROM vgp_controllable v WHERE v.equipment_id = e.id AND NOT v.archived) AS next_deadline
         FROM equipment e LEFT JOIN equipment_category c ON c.id = e.category_id LEFT JOIN hierarchy_item h ON h.id = e.hierarchy_item_id
        WHERE ${where} ORDER BY e.name, e.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params),
    countUpTo(db, `FROM equipment e WHERE ${where}`, params),
  ]);
  return {
    total,
    rows: rows.map((r: Record<string, any>) => ({
      id: r.id, name: r.name, brand: r.brand, model: r.model, serialNumber: r.serial_number, internalNumber: r.internal_number,
      categoryName: r.category_name, itemName: r.item_name, archived: r.archived, nextDeadline: r.next_deadline, hasPhoto: r.has_photo,
    })),
  };
}

/** Every field of the equipment `id` of the company, or null (scope is checked by `requireEquipment` first). */
export async function findEquipment(db: Db, tenantId: number, id: number): Promise<EquipmentRecord | null> {
  if (!validId(id)) return null;
  const [r] = await db.query(
    `SELECT e.*, h.name AS item_name, s.name AS service_name, si.name AS site_name, se.name AS sector_name, c.name AS category_name,
            af.original_name AS annex_file_name
       FROM equipment e
       LEFT JOIN hierarchy_item h ON h.id = e.hierarchy_item_id LEFT JOIN service s ON s.id = e.service_id LEFT JOIN site si ON si.id = e.site_id
       LEFT JOIN sector se ON se.id = e.sector_id LEFT JOIN equipment_category c ON c.id = e.category_id LEFT JOIN stored_file af ON af.id = e.annex_file_id
      WHERE e.id = $1 AND e.tenant_id = $2`, [id, tenantId]);
  if (!r) return null;
  return {
    id: r.id, tenantId: r.tenant_id, name: r.name, brand: r.brand, model: r.model, serialNumber: r.serial_number, internalNumber: r.internal_number,
    hierarchyItemId: r.hierarchy_item_id, itemName: r.item_name, serviceId: r.service_id, serviceName: r.service_name, siteId: r.site_id, siteName: r.site_name,
    location: r.location, sectorId: r.sector_id, sectorName: r.sector_name, locationPrecision: r.location_precision,
    categoryId: r.category_id, categoryName: r.category_name, photoFileId: r.photo_file_id, annexFileId: r.annex_file_id, annexFileName: r.annex_file_name,
    annexLabel: r.annex_label, archived: r.archived, version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** The form's values of a saved equipment. */
export function equipmentFormValues(e: EquipmentRecord): Record<string, unknown> {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    name: e.name, brand: s(e.brand), model: s(e.model), serialNumber: s(e.serialNumber), internalNumber: s(e.internalNumber),
    hierarchyItemId: s(e.hierarchyItemId), serviceId: s(e.serviceId), siteId: s(e.siteId), location: s(e.location), sectorId: s(e.sectorId),
    locationPrecision: s(e.locationPrecision), categoryId: s(e.categoryId), annexLabel: s(e.annexLabel), version: e.version,
  };
}

/**
 * Which chosen entity, service, site, sector and category are not on offer: another company's,
 * removed, an entity outside the user's scope (`inScope`), a category that does not hold equipment.
 */
export async function choiceErrors(db: Db, tenantId: number, inScope: (itemId: number) => boolean, input: EquipmentInput): Promise<Record<string, FieldError>> {
  const [r] = await db.query(
    `SELECT ($2::int IS NULL OR EXISTS (SELECT 1 FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL)) AS item,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM service WHERE id = $3 AND tenant_id = $1 AND deleted_at IS NULL)) AS service,
            ($4::int IS NULL OR EXISTS (SELECT 1 FROM site WHERE id = $4 AND tenant_id = $1 AND deleted_at IS NULL)) AS site,
            ($5::int IS NULL OR EXISTS (SELECT 1 FROM sector WHERE id = $5 AND tenant_id = $1)) AS sector,
            ($6::int IS NULL OR EXISTS (SELECT 1 FROM equipment_category WHERE id = $6 AND tenant_id = $1 AND is_equipment)) AS category`,
    [tenantId, input.hierarchyItemId, input.serviceId, input.siteId, input.sectorId, input.categoryId]);
  const errors: Record<string, FieldError> = {};
  if (!r.item || (input.hierarchyItemId !== null && !inScope(input.hierarchyItemId))) errors.hierarchyItemId = 'validation.choice';
  if (!r.service) errors.serviceId = 'validation.choice';
  if (!r.site) errors.siteId = 'validation.choice';
  if (!r.sector) errors.sectorId = 'validation.choice';
  if (!r.category) errors.categoryId = 'validation.choice';
  return errors;
}

/** The serial or internal number another equipment of the company already carries (case and spaces around ignored). */
export async function duplicateErrors(db: Db, tenantId: number, id: number | null, input: EquipmentInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const taken = async (column: 'serial_number' | 'internal_number', value: string | null) => {
    if (!value) return false;
    const [row] = await db.query(`SELECT 1 FROM equipment WHERE tenant_id = $1 AND lower(trim(${column})) = lower(trim($2)) AND id <> $3 LIMIT 1`, [tenantId, value, id ?? 0]);
    return !!row;
  };
  if (await taken('serial_number', input.serialNumber)) errors.serialNumber = 'equipment.equipment.errors.duplicate_serial';
  if (await taken('internal_number', input.internalNumber)) errors.internalNumber = 'equipment.equipment.errors.duplicate_internal';
  return errors;
}

/** New files and removals of the photo and the annex (undefined keeps the current one). */
export interface FileChanges { photoFileId?: number | null; annexFileId?: number | null }

/**
 * Creates (`id` null) or updates an equipment under the optimistic lock. With `uniqueNumbers`
 * (the `machine_number_checks` toggle) a serial or internal number another equipment of the
 * company carries is refused; the check and the write share a per-company lock.
 */
export async function saveEquipment(db: DataSource, tenantId: number, id: number | null, input: EquipmentInput, files: FileChanges, uniqueNumbers: boolean): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    if (uniqueNumbers) {
      await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'equipment_numbers']);
      const errors = await duplicateErrors(m, tenantId, id, input);
      if (Object.keys(errors).length) return { ok: false, errors };
    }
    const values = [input.name, input.brand, input.model, input.serialNumber, input.internalNumber, input.hierarchyItemId, input.serviceId, input.siteId,
      input.location, input.sectorId, input.locationPrecision, input.categoryId, input.annexLabel];
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO equipment (name, brand, model, serial_number, internal_number, hierarchy_item_id, service_id, site_id, location, sector_id,
           location_precision, category_id, annex_label, photo_file_id, annex_file_id, tenant_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [...values, files.photoFileId ?? null, files.annexFileId ?? null, tenantId]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE equipment SET name = $1, brand = $2, model = $3, serial_number = $4, internal_number = $5, hierarchy_item_id = $6, service_id = $7,
         site_id = $8, location = $9, sector_id = $10, location_precision = $11, category_id = $12, annex_label = $13,
         photo_file_id = CASE WHEN $14::boolean THEN $15::int ELSE photo_file_id END,
         annex_file_id = CASE WHEN $16::boolean THEN $17::int ELSE annex_file_id END,
         version = version + 1, updated_at = now()
       WHERE id = $18 AND tenant_id = $19 AND version = $20 RETURNING id`,
      [...values, files.photoFileId !== undefined, files.photoFileId ?? null, files.annexFileId !== undefined, files.annexFileId ?? null, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Archives or unarchives an equipment; false when it is not the company's. */
export async function setEquipmentArchived(db: Db, tenantId: number, id: number, archived: boolean): Promise<boolean> {
  const rows = rowsOf(await db.query('UPDATE equipment SET archived = $3, version = version + 1, updated_at = now() WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId, archived]));
  return rows.length > 0;
}

/** Deletes an equipment unless controls, maintenance interventions or parts are attached to it. */
export async function removeEquipment(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [e] = await m.query('SELECT id FROM equipment WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!e) return { status: 'not_found' };
    const [u] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM vgp_controllable WHERE equipment_id = $1) AS controls,
              EXISTS (SELECT 1 FROM equipment_maintenance WHERE equipment_id = $1) AS maintenance,
              EXISTS (SELECT 1 FROM equipment_part WHERE equipment_id = $1) AS parts`, [id]);
    const uses = (['controls', 'maintenance', 'parts'] as const).filter((k) => u[k]).map((k) => `equipment.equipment.uses.${k}`);
    if (uses.length) return { status: 'in_use', uses };
    await m.query('DELETE FROM equipment WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
