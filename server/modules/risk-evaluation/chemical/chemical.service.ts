import type { DataSource, EntityManager } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { PageRequest } from '../../../kernel/http/pagination';
import { softDelete } from '../../../kernel/trash/trash';
import type { DuScope } from '../core/du-scope';
import type { ChemicalFilters, ChemicalInput } from './chemical.schema';
import { sdsOldestCurrent, sdsOutdated } from './ghs';

/** A chemical product as listed and edited. */
export interface ChemicalRecord {
  id: number; hierarchyItemId: number; itemName: string; workstationId: number | null; workstationName: string | null;
  product: string; maker: string | null; description: string | null; pictograms: string[];
  cmrHazards: string | null; safetyHazards: string | null; environmentalHazards: string | null; preventionMeans: string | null;
  sdsFileId: number | null; sdsFileName: string | null; sdsDate: string | null; sdsOutdated: boolean; archived: boolean; version: number;
}

const SELECT = `SELECT c.*, c.sds_date::text AS sds_day, i.name AS item_name, w.name AS workstation_name, f.original_name AS sds_file_name
  FROM du_chemical_product c
  JOIN hierarchy_item i ON i.id = c.hierarchy_item_id
  LEFT JOIN du_workstation w ON w.id = c.workstation_id
  LEFT JOIN stored_file f ON f.id = c.sds_file_id`;

const toRecord = (r: Record<string, any>, today: string): ChemicalRecord => ({
  id: r.id, hierarchyItemId: r.hierarchy_item_id, itemName: r.item_name, workstationId: r.workstation_id, workstationName: r.workstation_name,
  product: r.product, maker: r.maker, description: r.description, pictograms: r.pictograms ?? [], cmrHazards: r.cmr_hazards,
  safetyHazards: r.safety_hazards, environmentalHazards: r.environmental_hazards, preventionMeans: r.prevention_means,
  sdsFileId: r.sds_file_id, sdsFileName: r.sds_file_name, sdsDate: r.sds_day, sdsOutdated: sdsOutdated(r.sds_day, today), archived: r.archived, version: r.version,
});

/** One product of the company (not in the trash), or null. */
export async function findChemical(db: Db, tenantId: number, id: number, today: string): Promise<ChemicalRecord | null> {
  const [r] = await db.query(`${SELECT} WHERE c.id = $1 AND c.tenant_id = $2 AND c.deleted_at IS NULL`, [id, tenantId]);
  return r ? toRecord(r, today) : null;
}

/**
 * A page of the company's products within the scope, by product name, read in that order from
 * `IDX_du_chemical_product_list`; filtered by entity, workstation, pictogram, archived state and
 * outdated SDS (dated before the same day 3 years ago).
 */
export async function listChemicals(db: Db, tenantId: number, scope: DuScope, f: ChemicalFilters, page: PageRequest, today: string): Promise<{ rows: ChemicalRecord[]; total: CappedTotal }> {
  const params: unknown[] = [tenantId, f.archived === '1'];
  const cond = ['c.tenant_id = $1', 'c.archived = $2', 'c.deleted_at IS NULL'];
  const add = (sql: string, value: unknown) => { params.push(value); cond.push(sql.replace('?', `$${params.length}`)); };
  if (!scope.unrestricted) add('c.hierarchy_item_id = ANY(?::int[])', scope.itemIds);
  if (f.item) add('c.hierarchy_item_id = ?', f.item);
  if (f.workstation) add('c.workstation_id = ?', f.workstation);
  if (f.hazard) add('? = ANY(c.pictograms)', f.hazard);
  if (f.outdated === '1') add('c.sds_date < ?::date', sdsOldestCurrent(today));
  const where = cond.join(' AND ');
  const [rows, total] = await Promise.all([
    db.query(`${SELECT} WHERE ${where} ORDER BY c.product, c.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params),
    countUpTo(db, `FROM du_chemical_product c WHERE ${where}`, params),
  ]);
  return { rows: rows.map((r: Record<string, any>) => toRecord(r, today)), total };
}

/** Which of the chosen entity and workstation are not on offer (field errors). */
export async function chemicalChoiceErrors(db: Db, tenantId: number, inScope: (itemId: number) => boolean, input: ChemicalInput): Promise<Record<string, string>> {
  const [r] = await db.query(
    `SELECT EXISTS (SELECT 1 FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL) AS item,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM du_workstation WHERE id = $3 AND tenant_id = $1 AND deleted_at IS NULL
               AND (hierarchy_item_id IS NULL OR hierarchy_item_id = $2))) AS workstation`, [tenantId, input.hierarchyItemId, input.workstationId]);
  const errors: Record<string, string> = {};
  if (!r.item || !inScope(input.hierarchyItemId)) errors.hierarchyItemId = 'validation.choice';
  if (!r.workstation) errors.workstationId = 'validation.choice';
  return errors;
}

/**
 * Creates (`id` null) or updates a product under the optimistic lock; `sdsFileId` replaces the
 * safety data sheet when a new one was uploaded (undefined keeps it).
 */
export async function saveChemical(db: DataSource | EntityManager, tenantId: number, id: number | null, input: ChemicalInput, sdsFileId?: number): Promise<{ ok: true; id: number } | { ok: false }> {
  const values = [input.product, input.maker, input.description, input.hierarchyItemId, input.workstationId, input.pictograms, input.cmrHazards,
    input.safetyHazards, input.environmentalHazards, input.preventionMeans, input.sdsDate, sdsFileId ?? null];
  if (id === null) {
    const [r] = await db.query(
      `INSERT INTO du_chemical_product (product, maker, description, hierarchy_item_id, workstation_id, pictograms, cmr_hazards, safety_hazards,
         environmental_hazards, prevention_means, sds_date, sds_file_id, tenant_id)
       VALUES ($1, $2, $3, $4, $5, $6::varchar[], $7, $8, $9, $10, $11, $12, $13) RETURNING id`, [...values, tenantId]);
    return { ok: true, id: r.id };
  }
  const updated = rowsOf(await db.query(
    `UPDATE du_chemical_product SET product = $1, maker = $2, description = $3, hierarchy_item_id = $4, workstation_id = $5, pictograms = $6::varchar[],
       cmr_hazards = $7, safety_hazards = $8, environmental_hazards = $9, prevention_means = $10, sds_date = $11,
       sds_file_id = coalesce($12, sds_file_id), version = version + 1
     WHERE id = $13 AND tenant_id = $14 AND version = $15 AND deleted_at IS NULL RETURNING id`, [...values, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false };
}

/** Archives or unarchives a product. */
export async function setChemicalArchived(db: Db, tenantId: number, id: number, archived: boolean): Promise<void> {
  await db.query('UPDATE du_chemical_product SET archived = $1, version = version + 1 WHERE id = $2 AND tenant_id = $3 AND deleted_at IS NULL', [archived, id, tenantId]);
}

/** Moves a product to the trash (restorable there). */
export async function trashChemical(db: DataSource, tenantId: number, id: number, title: string, userId: number): Promise<void> {
  await db.transaction((m) => softDelete(m, { table: 'du_chemical_product', id, tenantId, title, userId }));
}
