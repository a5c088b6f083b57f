import type { Db } from '../../../kernel/db/sql';
import type { HierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { itemOptions } from '../../hierarchy/hierarchy.service';

/** An option of a select. */
export interface Option { value: number; label: string }

/** What the equipment form and the list's filters offer. */
export interface EquipmentChoices {
  items: Option[]; services: Option[]; sites: Option[]; sectors: Option[];
  /** Categories that hold equipment, labelled with their path (« Levage › Chariots élévateurs »). */
  categories: Option[];
  /** Every category, indented as a tree (the list's filter takes a category with those below it). */
  categoryTree: Option[];
}

/**
 * The choices of the company: entities within the scope (the one the record holds is kept),
 * services, sites and sectors not removed, categories.
 */
export async function equipmentChoices(db: Db, tenantId: number, scope: HierarchyScope, keepItemId: number | null = null): Promise<EquipmentChoices> {
  const [items, services, sites, sectors, cats] = await Promise.all([
    itemOptions(db, tenantId),
    db.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantId]),
    db.query('SELECT id, name FROM site WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantId]),
    db.query(`SELECT s.id, s.name, coalesce(i.name, si.name) AS place FROM sector s LEFT JOIN hierarchy_item i ON i.id = s.item_id LEFT JOIN site si ON si.id = s.site_id
      WHERE s.tenant_id = $1 ORDER BY lower(coalesce(i.name, si.name, '')), lower(s.name), s.id`, [tenantId]),
    db.query('SELECT id, name, parent_id, is_equipment FROM equipment_category WHERE tenant_id = $1 ORDER BY lower(name), id', [tenantId]),
  ]);
  const named = (rows: Array<{ id: number; name: string }>) => rows.map((r) => ({ value: r.id, label: r.name }));
  return {
    items: items.filter((o) => scope.unrestricted || scope.itemIds.includes(o.id) || o.id === keepItemId).map((o) => ({ value: o.id, label: o.label })),
    services: named(services),
    sites: named(sites),
    sectors: sectors.map((r: { id: number; name: string; place: string | null }) => ({ value: r.id, label: r.place ? `${r.name} (${r.place})` : r.name })),
    ...categoryOptions(cats),
  };
}

type CategoryLine = { id: number; name: string; parent_id: number | null; is_equipment: boolean };

function categoryOptions(cats: CategoryLine[]): Pick<EquipmentChoices, 'categories' | 'categoryTree'> {
  const byId = new Map(cats.map((c) => [c.id, c]));
  const pathOf = (c: CategoryLine): string[] => {
    const out = [c.name];
    const seen = new Set([c.id]);
    for (let p = c.parent_id !== null ? byId.get(c.parent_id) : undefined; p && !seen.has(p.id); p = p.parent_id !== null ? byId.get(p.parent_id) : undefined) {
      out.unshift(p.name);
      seen.add(p.id);
    }
    return out;
  };
  const paths = cats.map((c) => ({ c, path: pathOf(c) })).sort((a, b) => a.path.join('\u0000').localeCompare(b.path.join('\u0000'), 'fr'));
  return {
    categories: paths.filter((p) => p.c.is_equipment).map((p) => ({ value: p.c.id, label: p.path.join(' › ') })),
    categoryTree: paths.map((p) => ({ value: p.c.id, label: `${'\u00a0\u00a0'.repeat(p.path.length - 1)}${p.c.name}` })),
  };
}
