import type { TenantCached } from '../../kernel/tenant-cache';
import type { Db } from './hierarchy.service';

/** One select of the hierarchy filter: a type, its options and what stays selected. */
export interface FilterSelect {
  typeId: number;
  typeName: string;
  options: Array<{ id: number; name: string }>;
  selected: number[];
}

/**
 * Reads `selected[t<typeId>][]` (or `selected[<typeId>][]` for type ids above 20) from a parsed
 * body into numbers per type. The `t` prefix is there because the body parser (qs) turns small
 * integer keys into a compacted array, losing which type each list belonged to.
 */
export function readSelection(raw: unknown): Map<number, number[]> {
  const out = new Map<number, number[]>();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const typeId = Number(key.replace(/^t/, ''));
    if (!Number.isInteger(typeId) || typeId <= 0) continue;
    const list = (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
    out.set(typeId, [...new Set(list)]);
  }
  return out;
}

interface FilterData {
  types: Array<{ id: number; name: string }>;
  items: Array<{ id: number; name: string; type_id: number; parent_id: number | null }>;
  parents: Array<[number, number | null]>;
}

async function loadFilterData(db: Db, tenantId: number, rootItem: number, restricted: boolean, userId: number): Promise<FilterData> {
  // One round trip: the levels, the items offered, and the parent links of the whole company,
  // so "below a selected item" also crosses unlisted levels.
  const [row] = await db.query(
    `SELECT (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.level, t.name, t.id), '[]'::json)
               FROM hierarchy_type t WHERE t.tenant_id = $1 AND t.deleted_at IS NULL) AS types,
            (WITH RECURSIVE scope AS (
               SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL AND ($2::int = 0 AND parent_id IS NULL OR id = $2)
               UNION SELECT i.id FROM hierarchy_item i JOIN scope s ON i.parent_id = s.id WHERE i.deleted_at IS NULL)
             SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'type_id', i.type_id, 'parent_id', i.parent_id) ORDER BY i.name, i.id), '[]'::json)
               FROM hierarchy_item i JOIN scope USING (id)
              WHERE i.tenant_id = $1 AND i.deleted_at IS NULL
                AND (NOT $3::boolean OR EXISTS (SELECT 1 FROM user_hierarchy_item u WHERE u.hierarchy_item_id = i.id AND u.user_id = $4 AND u.tenant_id = $1))) AS items,
            (SELECT coalesce(json_agg(json_build_array(h.id, h.parent_id)), '[]'::json)
               FROM hierarchy_item h WHERE h.tenant_id = $1 AND h.deleted_at IS NULL) AS parents`,
    [tenantId, rootItem, restricted, userId]);
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return { types: json(row.types), items: json(row.items), parents: json(row.parents) };
}

/**
 * The cascade of selects, one per hierarchy type by level: each lists the items of its type
 * under `rootItem` (0: the whole company) and under the items selected in the nearest type
 * above that has a selection; `restricted` keeps only items attached to the user. A selected id
 * that is no longer offered is dropped. With `cached` (list pages: `tenantCached(req)`), the
 * whole company's unrestricted filter is read once per version of the company's hierarchy
 * (`tenant_cache_version`, bumped by every write to its types and items).
 */
export async function buildFilterSelects(db: Db, tenantId: number, opts: { rootItem: number; restricted: boolean; userId: number; selection: Map<number, number[]>; cached?: TenantCached }): Promise<FilterSelect[]> {
  const load = () => loadFilterData(db, tenantId, opts.rootItem, opts.restricted, opts.userId);
  const { types, items, parents: links } = opts.cached && opts.rootItem === 0 && !opts.restricted
    ? await opts.cached(tenantId, 'hierarchy-filter', load)
    : await load();
  let parents: Map<number, number | null> | undefined;
  const isBelow = (id: number, ancestors: Set<number>) => {
    parents ??= new Map(links);
    for (let p = parents.get(id) ?? null, guard = 0; p !== null && guard < 1000; p = parents.get(p) ?? null, guard++) if (ancestors.has(p)) return true;
    return false;
  };
  let scope: Set<number> | null = null;
  const selects: FilterSelect[] = [];
  for (const type of types) {
    const options = items.filter((i) => i.type_id === type.id && (!scope || isBelow(i.id, scope))).map((i) => ({ id: i.id, name: i.name }));
    const offered = new Set(options.map((o) => o.id));
    const selected = (opts.selection.get(type.id) ?? []).filter((id) => offered.has(id));
    selects.push({ typeId: type.id, typeName: type.name, options, selected });
    if (selected.length) scope = new Set(selected);
  }
  return selects;
}
