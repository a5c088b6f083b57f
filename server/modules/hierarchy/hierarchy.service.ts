import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete, type Trashable } from '../../kernel/trash/trash';
import type { PageRequest } from '../../kernel/http/pagination';
import type { ItemInput, ServiceInput, SiteInput, TypeInput, WorkUnitInput } from './hierarchy.schema';
import { rowsOf } from '../../kernel/db/sql';

/** A data source or a transaction's manager: both run `query`. */
export type Db = DataSource | EntityManager;

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Outcome of a removal: removed, refused because in use (409), or unknown in this company (404). */
export type RemoveResult = 'removed' | 'in_use' | 'not_found';

/** The module's tables that go to the shared trash, by kind (`trash.types.<kind>` names them there). */
export const TRASHABLE_TABLES = ['hierarchy_type', 'hierarchy_item', 'site', 'service', 'work_unit'] as const;
export type TrashableTable = (typeof TRASHABLE_TABLES)[number];
/** The module's trashable tables, for its `contributes`. */
export const HIERARCHY_TRASHABLES: Trashable[] = TRASHABLE_TABLES.map((table) => ({ table, typeKey: `trash.types.${table}` }));

/**
 * Moves a row to the trash unless `usedSql` (a boolean over the row aliased `x`; only rows not in
 * the trash should count) says it is in use. Unknown, other company's or already trashed: not_found.
 */
async function trashRow(db: DataSource, table: TrashableTable, tenantId: number, id: number, userId: number | null, usedSql: string): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT x.name, ${usedSql} AS used FROM "${table}" x WHERE x.id = $1 AND x.tenant_id = $2 AND x.deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found';
    if (r.used) return 'in_use';
    return (await softDelete(m, { table, id, tenantId, title: r.name, userId })) ? 'removed' : 'not_found';
  });
}

const nul = (s: string) => (s === '' ? null : s);

/** Escapes a search text for ILIKE. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---------------------------------------------------------------- hierarchy types

/** A hierarchy type as listed and edited. */
export interface TypeRow {
  id: number; name: string; level: number; parentId: number | null; parentName: string | null;
  attachPdp: boolean; attachAction: boolean; attachRh: boolean; attachProject: boolean; attachConsignment: boolean;
  itemCount: number; version: number;
}

function toType(r: Record<string, any>): TypeRow {
  return {
    id: r.id, name: r.name, level: r.level, parentId: r.parent_id, parentName: r.parent_name ?? null,
    attachPdp: r.attach_pdp, attachAction: r.attach_action, attachRh: r.attach_rh, attachProject: r.attach_project, attachConsignment: r.attach_consignment,
    itemCount: r.item_count ?? 0, version: r.version,
  };
}

/** The company's hierarchy types, by level then name. */
export async function listTypes(db: Db, tenantId: number): Promise<TypeRow[]> {
  const rows = await db.query(
    `SELECT t.*, p.name AS parent_name, (SELECT count(*)::int FROM hierarchy_item i WHERE i.type_id = t.id AND i.deleted_at IS NULL) AS item_count
       FROM hierarchy_type t LEFT JOIN hierarchy_type p ON p.id = t.parent_id AND p.deleted_at IS NULL
      WHERE t.tenant_id = $1 AND t.deleted_at IS NULL ORDER BY t.level, t.name, t.id`, [tenantId]);
  return rows.map(toType);
}

/** One type of the company, or null. */
export async function findType(db: Db, tenantId: number, id: number): Promise<TypeRow | null> {
  const [r] = await db.query('SELECT t.* FROM hierarchy_type t WHERE t.id = $1 AND t.tenant_id = $2 AND t.deleted_at IS NULL', [id, tenantId]);
  return r ? toType(r) : null;
}

/** Creates (id null) or updates a type; the parent must be another type of the company, not below it. */
export async function saveType(db: DataSource, tenantId: number, id: number | null, input: TypeInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    if (input.parentId !== null) {
      const [p] = await m.query(
        `WITH RECURSIVE up AS (SELECT id, parent_id FROM hierarchy_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL
           UNION SELECT t.id, t.parent_id FROM hierarchy_type t JOIN up ON t.id = up.parent_id)
         SELECT bool_or(id = $3) AS loops, count(*)::int AS n FROM up`, [input.parentId, tenantId, id ?? 0]);
      if (!p || p.n === 0 || p.loops) return { ok: false, errors: { parentId: 'hierarchy.validation.parent' } };
    }
    const values = [input.name, input.level, input.parentId, input.attachPdp, input.attachAction, input.attachRh, input.attachProject, input.attachConsignment];
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO hierarchy_type (name, level, parent_id, attach_pdp, attach_action, attach_rh, attach_project, attach_consignment, tenant_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [...values, tenantId]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE hierarchy_type SET name = $1, level = $2, parent_id = $3, attach_pdp = $4, attach_action = $5, attach_rh = $6, attach_project = $7,
              attach_consignment = $8, version = version + 1
        WHERE id = $9 AND tenant_id = $10 AND version = $11 AND deleted_at IS NULL RETURNING id`, [...values, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a type to the trash unless items use it or other types hang below it. */
export async function deleteType(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'hierarchy_type', tenantId, id, userId,
    `(EXISTS (SELECT 1 FROM hierarchy_item i WHERE i.type_id = x.id AND i.deleted_at IS NULL)
      OR EXISTS (SELECT 1 FROM hierarchy_type c WHERE c.parent_id = x.id AND c.deleted_at IS NULL))`);
}

// ---------------------------------------------------------------- hierarchy items

/** A node of the tree page. */
export interface TreeNode {
  id: number; name: string; typeId: number; typeName: string; parentId: number | null; city: string | null;
  userCount: number; children: TreeNode[];
}

/** The company's items as a forest (roots first, children sorted by name). */
export async function itemTree(db: Db, tenantId: number): Promise<TreeNode[]> {
  const rows = await db.query(
    `SELECT i.id, i.name, i.type_id, t.name AS type_name, i.parent_id, i.city,
            (SELECT count(*)::int FROM user_hierarchy_item u WHERE u.hierarchy_item_id = i.id) AS user_count
       FROM hierarchy_item i JOIN hierarchy_type t ON t.id = i.type_id WHERE i.tenant_id = $1 AND i.deleted_at IS NULL ORDER BY t.level, i.name, i.id`, [tenantId]);
  const nodes = new Map<number, TreeNode>();
  for (const r of rows) nodes.set(r.id, { id: r.id, name: r.name, typeId: r.type_id, typeName: r.type_name, parentId: r.parent_id, city: r.city, userCount: r.user_count, children: [] });
  const roots: TreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** Every item of the company as `{id, label}` options, indented by depth (parent pickers). */
export async function itemOptions(db: Db, tenantId: number, excludeSubtreeOf: number | null = null): Promise<Array<{ id: number; label: string }>> {
  const out: Array<{ id: number; label: string }> = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const n of nodes) {
      if (n.id === excludeSubtreeOf) continue;
      out.push({ id: n.id, label: `${'\u00a0\u00a0'.repeat(depth)}${n.name} (${n.typeName})` });
      walk(n.children, depth + 1);
    }
  };
  walk(await itemTree(db, tenantId), 0);
  return out;
}

const ITEM_COLUMNS: Array<[keyof ItemInput, string]> = [
  ['name', 'name'], ['typeId', 'type_id'], ['parentId', 'parent_id'], ['companyName', 'company_name'], ['address', 'address'], ['zipCode', 'zip_code'],
  ['city', 'city'], ['country', 'country'], ['responsibleLastName', 'responsible_last_name'], ['responsibleFirstName', 'responsible_first_name'],
  ['responsiblePhone', 'responsible_phone'], ['responsibleMobile', 'responsible_mobile'], ['responsibleEmail', 'responsible_email'],
  ['labourInspectorateAddress', 'labour_inspectorate_address'], ['rescuers', 'rescuers'], ['assemblyPoint', 'assembly_point'],
  ['emergencyNumbers', 'emergency_numbers'], ['areaM2', 'area_m2'], ['levelCount', 'level_count'], ['parkingSpaces', 'parking_spaces'],
];

/** One item of the company with its type name and file ids, or null. */
export async function findItem(db: Db, tenantId: number, id: number): Promise<Record<string, any> | null> {
  const [r] = await db.query(
    `SELECT i.*, t.name AS type_name, p.name AS parent_name FROM hierarchy_item i JOIN hierarchy_type t ON t.id = i.type_id
       LEFT JOIN hierarchy_item p ON p.id = i.parent_id AND p.deleted_at IS NULL WHERE i.id = $1 AND i.tenant_id = $2 AND i.deleted_at IS NULL`, [id, tenantId]);
  if (!r) return null;
  const item: Record<string, any> = { id: r.id, typeName: r.type_name, parentName: r.parent_name, logoFileId: r.logo_file_id, planFileId: r.plan_file_id, version: r.version };
  for (const [field, column] of ITEM_COLUMNS) item[field] = r[column] ?? '';
  item.parentId = r.parent_id ?? '';
  return item;
}

/** Creates or updates an item: its type and parent must be the company's, and the parent not below it. */
export async function saveItem(db: DataSource, tenantId: number, id: number | null, input: ItemInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    const errors: Record<string, FieldError> = {};
    const [type] = await m.query('SELECT id FROM hierarchy_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [input.typeId, tenantId]);
    if (!type) errors.typeId = 'validation.choice';
    if (input.parentId !== null) {
      const [p] = await m.query(
        `WITH RECURSIVE up AS (SELECT id, parent_id FROM hierarchy_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL
           UNION SELECT i.id, i.parent_id FROM hierarchy_item i JOIN up ON i.id = up.parent_id)
         SELECT bool_or(id = $3) AS loops, count(*)::int AS n FROM up`, [input.parentId, tenantId, id ?? 0]);
      if (!p || p.n === 0 || p.loops) errors.parentId = 'hierarchy.validation.parent';
    }
    if (Object.keys(errors).length) return { ok: false, errors };
    const values = ITEM_COLUMNS.map(([field]) => { const v = input[field]; return typeof v === 'string' ? nul(v) : v; });
    if (id === null) {
      const cols = ITEM_COLUMNS.map(([, c]) => c).join(', ');
      const marks = ITEM_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
      const [row] = await m.query(`INSERT INTO hierarchy_item (${cols}, tenant_id) VALUES (${marks}, $${values.length + 1}) RETURNING id`, [...values, tenantId]);
      return { ok: true, id: row.id };
    }
    const sets = ITEM_COLUMNS.map(([, c], i) => `${c} = $${i + 1}`).join(', ');
    const n = values.length;
    const updated = rowsOf(await m.query(
      `UPDATE hierarchy_item SET ${sets}, version = version + 1 WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} AND deleted_at IS NULL RETURNING id`,
      [...values, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/**
 * Moves an item to the trash unless it has children or users attached (its documents, companies,
 * lots and sectors stay with it, and go only when it is deleted for good from the trash).
 */
export async function deleteItem(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'hierarchy_item', tenantId, id, userId,
    `(EXISTS (SELECT 1 FROM hierarchy_item c WHERE c.parent_id = x.id AND c.deleted_at IS NULL)
      OR EXISTS (SELECT 1 FROM user_hierarchy_item u WHERE u.hierarchy_item_id = x.id))`);
}

/** Replaces the logo or the plan of an item with a stored file of the company. */
export async function setItemImage(db: Db, tenantId: number, id: number, kind: 'logo' | 'plan', fileId: number): Promise<boolean> {
  const column = kind === 'logo' ? 'logo_file_id' : 'plan_file_id';
  return rowsOf(await db.query(`UPDATE hierarchy_item SET ${column} = $1, version = version + 1 WHERE id = $2 AND tenant_id = $3 AND deleted_at IS NULL RETURNING id`, [fileId, id, tenantId])).length > 0;
}

/** The parts of an item shown on its page: documents, companies, lots, sectors, attached users. */
export async function itemParts(db: Db, tenantId: number, itemId: number) {
  const [documents, companies, lots, sectors, users] = await Promise.all([
    db.query(`SELECT d.id, d.label, f.original_name, f.size_bytes FROM hierarchy_item_document d JOIN stored_file f ON f.id = d.file_id
               WHERE d.item_id = $1 AND d.tenant_id = $2 ORDER BY d.label, d.id`, [itemId, tenantId]),
    db.query('SELECT id, name FROM hierarchy_item_company WHERE item_id = $1 AND tenant_id = $2 ORDER BY name, id', [itemId, tenantId]),
    db.query('SELECT id, label FROM hierarchy_item_lot WHERE item_id = $1 AND tenant_id = $2 ORDER BY label, id', [itemId, tenantId]),
    listSectors(db, tenantId, { itemId }),
    db.query(`SELECT u.id, u.first_name, u.last_name FROM user_hierarchy_item x JOIN app_user u ON u.id = x.user_id
               WHERE x.hierarchy_item_id = $1 AND x.tenant_id = $2 ORDER BY u.last_name, u.first_name`, [itemId, tenantId]),
  ]);
  return {
    documents: documents.map((d: any) => ({ id: d.id, label: d.label, fileName: d.original_name, sizeBytes: Number(d.size_bytes) })),
    companies, lots, sectors,
    users: users.map((u: any) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim() })),
  };
}

/** Adds a document row pointing to a stored file of the company. */
export async function addItemDocument(db: Db, tenantId: number, itemId: number, fileId: number, label: string): Promise<number> {
  const [row] = await db.query('INSERT INTO hierarchy_item_document (tenant_id, item_id, file_id, label) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, itemId, fileId, label.slice(0, 255)]);
  return row.id;
}

/** The stored file of a document of the company, or null. */
export async function findItemDocumentFile(db: Db, tenantId: number, id: number): Promise<number | null> {
  const [r] = await db.query(
    `SELECT d.file_id FROM hierarchy_item_document d JOIN hierarchy_item i ON i.id = d.item_id AND i.deleted_at IS NULL
      WHERE d.id = $1 AND d.tenant_id = $2`, [id, tenantId]);
  return r ? r.file_id : null;
}

/** The tables of an item's simple parts, by route kind. */
export const ITEM_PART_TABLES = { document: 'hierarchy_item_document', company: 'hierarchy_item_company', lot: 'hierarchy_item_lot', sector: 'sector' } as const;
export type ItemPartKind = keyof typeof ITEM_PART_TABLES;

/**
 * Removes one part row of the company owned by an item (or, for sectors, by a site); false when
 * not found, or when its owner is in the trash (the part goes back with it on restore).
 */
export async function removeItemPart(db: Db, tenantId: number, kind: ItemPartKind, id: number, owner: 'item' | 'site' = 'item'): Promise<boolean> {
  if (owner === 'site' && kind !== 'sector') return false;
  const [column, ownerTable] = owner === 'item' ? ['item_id', 'hierarchy_item'] : ['site_id', 'site'];
  return rowsOf(await db.query(
    `DELETE FROM ${ITEM_PART_TABLES[kind]} x WHERE x.id = $1 AND x.tenant_id = $2 AND x.${column} IS NOT NULL
        AND EXISTS (SELECT 1 FROM ${ownerTable} o WHERE o.id = x.${column} AND o.deleted_at IS NULL) RETURNING x.id`, [id, tenantId])).length > 0;
}

/** Adds a company (free text) or a lot to an item. */
export async function addItemLabel(db: Db, tenantId: number, kind: 'company' | 'lot', itemId: number, label: string): Promise<number> {
  const [row] = kind === 'company'
    ? await db.query('INSERT INTO hierarchy_item_company (tenant_id, item_id, name) VALUES ($1, $2, $3) RETURNING id', [tenantId, itemId, label])
    : await db.query('INSERT INTO hierarchy_item_lot (tenant_id, item_id, label) VALUES ($1, $2, $3) RETURNING id', [tenantId, itemId, label]);
  return row.id;
}

// ---------------------------------------------------------------- sectors

/** A sector with its plan size. */
export interface SectorRow { id: number; name: string; planFileId: number | null; planWidth: number | null; planHeight: number | null }

/** Sectors of an item or of a site. */
export async function listSectors(db: Db, tenantId: number, owner: { itemId?: number; siteId?: number }): Promise<SectorRow[]> {
  const column = owner.itemId ? 'item_id' : 'site_id';
  const rows = await db.query(`SELECT * FROM sector WHERE ${column} = $1 AND tenant_id = $2 ORDER BY name, id`, [owner.itemId ?? owner.siteId, tenantId]);
  return rows.map((r: any) => ({ id: r.id, name: r.name, planFileId: r.plan_file_id, planWidth: r.plan_width, planHeight: r.plan_height }));
}

/** A sector of the company belonging to an item or to a site (`owner`) not in the trash, with its plan file id; null when there is none. */
export async function findSectorPlan(db: Db, tenantId: number, id: number, owner: 'item' | 'site'): Promise<{ planFileId: number | null } | null> {
  const join = owner === 'item' ? 'JOIN hierarchy_item o ON o.id = s.item_id' : 'JOIN site o ON o.id = s.site_id';
  const [r] = await db.query(`SELECT s.plan_file_id FROM sector s ${join} AND o.deleted_at IS NULL WHERE s.id = $1 AND s.tenant_id = $2`, [id, tenantId]);
  return r ? { planFileId: r.plan_file_id } : null;
}

/** Adds a sector to an item or a site, with its plan image and the image's pixel size. */
export async function addSector(db: Db, tenantId: number, owner: { itemId?: number; siteId?: number }, name: string, plan: { fileId: number; width: number; height: number } | null): Promise<number> {
  const [row] = await db.query(
    'INSERT INTO sector (tenant_id, item_id, site_id, name, plan_file_id, plan_width, plan_height) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [tenantId, owner.itemId ?? null, owner.siteId ?? null, name, plan?.fileId ?? null, plan?.width ?? null, plan?.height ?? null]);
  return row.id;
}

// ---------------------------------------------------------------- sites, services, work units

/** Sites of the company, searched by name, company or address, one page. */
export async function listSites(db: Db, tenantId: number, q: string, page: PageRequest) {
  const params: unknown[] = [tenantId];
  let where = 's.tenant_id = $1 AND s.deleted_at IS NULL';
  if (q) { params.push(likePattern(q)); where += ` AND (s.name ILIKE $2 OR s.company ILIKE $2 OR s.address ILIKE $2)`; }
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM site s WHERE ${where}`, params);
  const rows = await db.query(
    `SELECT s.id, s.name, s.company, s.address, s.responsible_contact, s.plan_file_id,
            (SELECT count(*)::int FROM service v WHERE v.site_id = s.id AND v.deleted_at IS NULL) AS service_count,
            (SELECT count(*)::int FROM sector x WHERE x.site_id = s.id) AS sector_count
       FROM site s WHERE ${where} ORDER BY s.name, s.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { total, rows: rows.map((r: any) => ({ id: r.id, name: r.name, company: r.company, address: r.address, responsibleContact: r.responsible_contact, planFileId: r.plan_file_id, serviceCount: r.service_count, sectorCount: r.sector_count })) };
}

/** One site of the company as form values, or null. */
export async function findSite(db: Db, tenantId: number, id: number): Promise<Record<string, any> | null> {
  const [r] = await db.query('SELECT * FROM site WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  if (!r) return null;
  return { id: r.id, name: r.name, company: r.company ?? '', address: r.address ?? '', responsibleContact: r.responsible_contact ?? '', labourInspectionAddress: r.labour_inspection_address ?? '', documentTypes: r.document_types ?? '', planFileId: r.plan_file_id, version: r.version };
}

/** Creates or updates a site; `planFileId` replaces the plan when given. */
export async function saveSite(db: Db, tenantId: number, id: number | null, input: SiteInput, planFileId: number | null): Promise<SaveResult> {
  const values = [input.name, nul(input.company), nul(input.address), nul(input.responsibleContact), nul(input.labourInspectionAddress), nul(input.documentTypes), planFileId];
  if (id === null) {
    const [row] = await db.query(
      `INSERT INTO site (name, company, address, responsible_contact, labour_inspection_address, document_types, plan_file_id, tenant_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, [...values, tenantId]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    `UPDATE site SET name = $1, company = $2, address = $3, responsible_contact = $4, labour_inspection_address = $5, document_types = $6,
            plan_file_id = COALESCE($7, plan_file_id), version = version + 1
      WHERE id = $8 AND tenant_id = $9 AND version = $10 AND deleted_at IS NULL RETURNING id`, [...values, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a site to the trash unless services are on it (its sectors stay with it until it is deleted for good). */
export async function deleteSite(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'site', tenantId, id, userId, 'EXISTS (SELECT 1 FROM service v WHERE v.site_id = x.id AND v.deleted_at IS NULL)');
}

/** Every site of the company as options. */
export async function siteOptions(db: Db, tenantId: number): Promise<Array<{ id: number; name: string }>> {
  return db.query('SELECT id, name FROM site WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name, id', [tenantId]);
}

/** Services of the company, searched by name or site, one page. */
export async function listServices(db: Db, tenantId: number, q: string, page: PageRequest) {
  const params: unknown[] = [tenantId];
  let where = 'v.tenant_id = $1 AND v.deleted_at IS NULL';
  if (q) { params.push(likePattern(q)); where += ' AND (v.name ILIKE $2 OR s.name ILIKE $2)'; }
  const from = 'FROM service v LEFT JOIN site s ON s.id = v.site_id AND s.deleted_at IS NULL';
  const [{ total }] = await db.query(`SELECT count(*)::int AS total ${from} WHERE ${where}`, params);
  const rows = await db.query(
    `SELECT v.id, v.name, s.name AS site_name, (SELECT count(*)::int FROM user_service u WHERE u.service_id = v.id) AS user_count
       ${from} WHERE ${where} ORDER BY v.name, v.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { total, rows: rows.map((r: any) => ({ id: r.id, name: r.name, siteName: r.site_name, userCount: r.user_count })) };
}

/** One service of the company as form values, or null. */
export async function findService(db: Db, tenantId: number, id: number): Promise<Record<string, any> | null> {
  const [r] = await db.query('SELECT * FROM service WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return r ? { id: r.id, name: r.name, siteId: r.site_id ?? '', version: r.version } : null;
}

/** Creates or updates a service; the site must be the company's. */
export async function saveService(db: Db, tenantId: number, id: number | null, input: ServiceInput): Promise<SaveResult> {
  if (input.siteId !== null) {
    const [s] = await db.query('SELECT id FROM site WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [input.siteId, tenantId]);
    if (!s) return { ok: false, errors: { siteId: 'validation.choice' } };
  }
  if (id === null) {
    const [row] = await db.query('INSERT INTO service (name, site_id, tenant_id) VALUES ($1, $2, $3) RETURNING id', [input.name, input.siteId, tenantId]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query('UPDATE service SET name = $1, site_id = $2, version = version + 1 WHERE id = $3 AND tenant_id = $4 AND version = $5 AND deleted_at IS NULL RETURNING id', [input.name, input.siteId, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a service to the trash unless users are attached to it. */
export async function deleteService(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'service', tenantId, id, userId, 'EXISTS (SELECT 1 FROM user_service u WHERE u.service_id = x.id)');
}

/** Work units of the company, searched by name, one page. */
export async function listWorkUnits(db: Db, tenantId: number, q: string, page: PageRequest) {
  const params: unknown[] = [tenantId];
  let where = 'tenant_id = $1 AND deleted_at IS NULL';
  if (q) { params.push(likePattern(q)); where += ' AND name ILIKE $2'; }
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM work_unit WHERE ${where}`, params);
  const rows = await db.query(`SELECT id, name, weight FROM work_unit WHERE ${where} ORDER BY name, id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { total, rows };
}

/** One work unit of the company as form values, or null. */
export async function findWorkUnit(db: Db, tenantId: number, id: number): Promise<Record<string, any> | null> {
  const [r] = await db.query('SELECT id, name, weight, version FROM work_unit WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return r ?? null;
}

/** Creates or updates a work unit. */
export async function saveWorkUnit(db: Db, tenantId: number, id: number | null, input: WorkUnitInput): Promise<SaveResult> {
  if (id === null) {
    const [row] = await db.query('INSERT INTO work_unit (name, weight, tenant_id) VALUES ($1, $2, $3) RETURNING id', [input.name, input.weight, tenantId]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query('UPDATE work_unit SET name = $1, weight = $2, version = version + 1 WHERE id = $3 AND tenant_id = $4 AND version = $5 AND deleted_at IS NULL RETURNING id', [input.name, input.weight, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a work unit to the trash (nothing refers to work units yet: risk evaluation and accident analysis will). */
export async function deleteWorkUnit(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return trashRow(db, 'work_unit', tenantId, id, userId, 'false');
}
