import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete } from '../../kernel/trash/trash';
import { ownIds, type SaveResult } from './catalogue.service';
import type { Db } from './risk-analysis.defaults';
import type { AnalysisType, AreaInput, TemplateInput } from './template.schema';
import { rowsOf } from '../../kernel/db/sql';


/** A template as lists and forms show it. */
export interface TemplateRow { id: number; type: AnalysisType; name: string; version: number; siteIds: number[]; sites: string[]; areaCount: number }

/** A risk area with the names of what it holds. */
export interface AreaRow {
  id: number; templateId: number; name: string; position: number; checkedByDefault: boolean; responsibleKind: 'EU' | 'EE' | 'ST' | null; version: number;
  lotIds: number[]; riskIds: number[]; measureIds: number[]; documentTypeIds: number[];
  lots: string[]; risks: string[]; measures: string[]; documentTypes: string[];
}

const TEMPLATE_SELECT = `SELECT t.id, t.type, t.name, t.version,
    coalesce(array_agg(h.id ORDER BY h.name) FILTER (WHERE h.id IS NOT NULL), '{}') AS site_ids,
    coalesce(array_agg(h.name ORDER BY h.name) FILTER (WHERE h.id IS NOT NULL), '{}') AS sites,
    (SELECT count(*)::int FROM risk_area a WHERE a.template_id = t.id) AS area_count
  FROM risk_analysis_template t
  LEFT JOIN risk_analysis_template_site s ON s.template_id = t.id
  LEFT JOIN hierarchy_item h ON h.id = s.hierarchy_item_id AND h.deleted_at IS NULL`;

const toTemplate = (r: any): TemplateRow => ({ id: r.id, type: r.type, name: r.name, version: r.version, siteIds: r.site_ids, sites: r.sites, areaCount: r.area_count });

/** The company's templates (not in the trash), of one type when given, by type then name. */
export async function listTemplates(db: Db, tenantId: number, type?: AnalysisType): Promise<TemplateRow[]> {
  const rows = await db.query(`${TEMPLATE_SELECT} WHERE t.tenant_id = $1 AND t.deleted_at IS NULL ${type ? 'AND t.type = $2' : ''}
    GROUP BY t.id ORDER BY t.type, lower(t.name), t.id`, type ? [tenantId, type] : [tenantId]);
  return rows.map(toTemplate);
}

/**
 * The templates a subject of `type` on site `siteId` may start from: those of the type meant for
 * that site or for every site (no site), the site's own first.
 */
export async function templatesFor(db: Db, tenantId: number, type: AnalysisType, siteId: number | null): Promise<TemplateRow[]> {
  const all = await listTemplates(db, tenantId, type);
  const fits = all.filter((t) => !t.siteIds.length || (siteId !== null && t.siteIds.includes(siteId)));
  return fits.sort((a, b) => Number(b.siteIds.length > 0) - Number(a.siteIds.length > 0) || a.name.localeCompare(b.name, 'fr'));
}

/** One template of the company (not in the trash), or null. */
export async function findTemplate(db: Db, tenantId: number, id: number): Promise<TemplateRow | null> {
  const [r] = await db.query(`${TEMPLATE_SELECT} WHERE t.id = $1 AND t.tenant_id = $2 AND t.deleted_at IS NULL GROUP BY t.id`, [id, tenantId]);
  return r ? toTemplate(r) : null;
}

/** Creates (id null) or updates a template and its sites (optimistic lock); sites of another company are refused. */
export async function saveTemplate(db: DataSource, tenantId: number, id: number | null, input: TemplateInput): Promise<SaveResult> {
  const sites = await ownIds(db, tenantId, 'hierarchy_item', input.siteIds);
  if (sites.length !== new Set(input.siteIds).size) return { ok: false, errors: { siteIds: 'risk-analysis.validation.choice' } };
  return db.transaction(async (m) => {
    let savedId = id;
    if (savedId === null) {
      const [row] = await m.query('INSERT INTO risk_analysis_template (tenant_id, type, name) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.type, input.name]);
      savedId = row.id as number;
    } else {
      const updated = rowsOf(await m.query(
        'UPDATE risk_analysis_template SET type = $1, name = $2, version = version + 1, updated_at = now() WHERE id = $3 AND tenant_id = $4 AND version = $5 AND deleted_at IS NULL RETURNING id',
        [input.type, input.name, savedId, tenantId, input.version]));
      if (!updated.length) return { ok: false, stale: true } as const;
    }
    await m.query('DELETE FROM risk_analysis_template_site WHERE template_id = $1', [savedId]);
    for (const site of sites) await m.query('INSERT INTO risk_analysis_template_site (template_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [savedId, site, tenantId]);
    return { ok: true, id: savedId } as const;
  });
}

/** Moves a template to the shared trash (analyses made from it keep their copy). */
export async function removeTemplate(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT name FROM risk_analysis_template WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    return r ? softDelete(m, { table: 'risk_analysis_template', id, tenantId, title: r.name, userId }) : false;
  });
}

const AREA_LINKS = [
  { table: 'risk_area_lot', column: 'lot_id', target: 'lot', field: 'lotIds' },
  { table: 'risk_area_risk', column: 'risk_id', target: 'risk', field: 'riskIds' },
  { table: 'risk_area_measure', column: 'measure_id', target: 'preventive_measure', field: 'measureIds' },
  { table: 'risk_area_document_type', column: 'document_type_id', target: 'document_type', field: 'documentTypeIds' },
] as const;

/** The areas of a template (of the company) in order, with what they hold; or of one area when `areaId` is given. */
export async function listAreas(db: Db, tenantId: number, templateId: number | null, areaId?: number): Promise<AreaRow[]> {
  const where = areaId !== undefined ? 'a.id = $2' : 'a.template_id = $2';
  const rows = await db.query(
    `SELECT a.id, a.template_id, a.name, a.position, a.checked_by_default, a.responsible_kind, a.version,
       coalesce((SELECT array_agg(l.id ORDER BY l.label) FROM risk_area_lot x JOIN lot l ON l.id = x.lot_id AND l.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS lot_ids,
       coalesce((SELECT array_agg(l.label ORDER BY l.label) FROM risk_area_lot x JOIN lot l ON l.id = x.lot_id AND l.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS lots,
       coalesce((SELECT array_agg(r.id ORDER BY r.label) FROM risk_area_risk x JOIN risk r ON r.id = x.risk_id AND r.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS risk_ids,
       coalesce((SELECT array_agg(r.label ORDER BY r.label) FROM risk_area_risk x JOIN risk r ON r.id = x.risk_id AND r.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS risks,
       coalesce((SELECT array_agg(p.id ORDER BY p.label) FROM risk_area_measure x JOIN preventive_measure p ON p.id = x.measure_id AND p.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS measure_ids,
       coalesce((SELECT array_agg(p.label ORDER BY p.label) FROM risk_area_measure x JOIN preventive_measure p ON p.id = x.measure_id AND p.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS measures,
       coalesce((SELECT array_agg(d.id ORDER BY d.label) FROM risk_area_document_type x JOIN document_type d ON d.id = x.document_type_id AND d.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS document_type_ids,
       coalesce((SELECT array_agg(d.label ORDER BY d.label) FROM risk_area_document_type x JOIN document_type d ON d.id = x.document_type_id AND d.deleted_at IS NULL WHERE x.area_id = a.id), '{}') AS document_types
     FROM risk_area a WHERE a.tenant_id = $1 AND ${where} ORDER BY a.position, lower(a.name), a.id`,
    [tenantId, areaId ?? templateId]);
  return rows.map((r: any) => ({
    id: r.id, templateId: r.template_id, name: r.name, position: r.position, checkedByDefault: r.checked_by_default, responsibleKind: r.responsible_kind, version: r.version,
    lotIds: r.lot_ids, lots: r.lots, riskIds: r.risk_ids, risks: r.risks, measureIds: r.measure_ids, measures: r.measures, documentTypeIds: r.document_type_ids, documentTypes: r.document_types,
  }));
}

/** One area of the company whose template is not in the trash, or null. */
export async function findArea(db: Db, tenantId: number, id: number): Promise<AreaRow | null> {
  const [area] = await listAreas(db, tenantId, null, id);
  if (!area) return null;
  return (await findTemplate(db, tenantId, area.templateId)) ? area : null;
}

/** The next order of a template's areas: after the last one. */
export async function nextAreaPosition(db: Db, tenantId: number, templateId: number): Promise<number> {
  const [r] = await db.query('SELECT coalesce(max(position), 0) + 1 AS next FROM risk_area WHERE tenant_id = $1 AND template_id = $2', [tenantId, templateId]);
  return Math.min(Number(r.next), 9999);
}

async function replaceLinks(m: EntityManager, tenantId: number, areaId: number, links: Record<string, number[]>): Promise<void> {
  for (const l of AREA_LINKS) {
    await m.query(`DELETE FROM ${l.table} WHERE area_id = $1`, [areaId]);
    for (const id of links[l.field]) await m.query(`INSERT INTO ${l.table} (area_id, ${l.column}, tenant_id) VALUES ($1, $2, $3)`, [areaId, id, tenantId]);
  }
}

/** Creates (id null) or updates an area of a template with its lots, risks, measures and documents; choices of another company are refused. */
export async function saveArea(db: DataSource, tenantId: number, templateId: number, id: number | null, input: AreaInput): Promise<SaveResult> {
  const links: Record<string, number[]> = {};
  const errors: Record<string, FieldError> = {};
  for (const l of AREA_LINKS) {
    const wanted = input[l.field];
    links[l.field] = await ownIds(db, tenantId, l.target, wanted);
    if (links[l.field].length !== new Set(wanted).size) errors[l.field] = 'risk-analysis.validation.choice';
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return db.transaction(async (m) => {
    let savedId = id;
    if (savedId === null) {
      const [row] = await m.query('INSERT INTO risk_area (tenant_id, template_id, name, position, checked_by_default, responsible_kind) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [tenantId, templateId, input.name, input.position, input.checkedByDefault, input.responsibleKind]);
      savedId = row.id as number;
    } else {
      const updated = rowsOf(await m.query(
        `UPDATE risk_area SET name = $1, position = $2, checked_by_default = $3, responsible_kind = $4, version = version + 1, updated_at = now()
          WHERE id = $5 AND tenant_id = $6 AND version = $7 RETURNING id`,
        [input.name, input.position, input.checkedByDefault, input.responsibleKind, savedId, tenantId, input.version]));
      if (!updated.length) return { ok: false, stale: true } as const;
    }
    await replaceLinks(m, tenantId, savedId, links);
    return { ok: true, id: savedId } as const;
  });
}

/** Deletes an area of a template (analyses already made keep their copy). */
export async function removeArea(db: DataSource, tenantId: number, id: number): Promise<boolean> {
  const rows = rowsOf(await db.query('DELETE FROM risk_area WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId]));
  return rows.length > 0;
}
