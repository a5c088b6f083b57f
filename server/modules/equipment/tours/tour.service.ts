import { parisInstant } from '../../../kernel/clock';
import { countUpTo } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { PageRequest } from '../../../kernel/http/pagination';
import { personName, personNameSql } from '../../../kernel/person-name';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { inHierarchyScope, type HierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { userInTenant } from '../../../kernel/tenancy';
import { loadVgpScope, scopeParam, scopeSql } from '../core/equipment-access';
import type { TourInput } from './tour.schema';

/** A tour as its list, page and form read it; `done` of `total` controls carried out. */
export interface TourRow {
  id: number;
  name: string;
  hierarchyItemId: number | null;
  entityName: string | null;
  scheduledAt: Date;
  controllerId: number | null;
  controllerName: string | null;
  total: number;
  done: number;
  version: number;
}

/** A choice of a select. */
export interface Option { id: number; label: string }

const TOUR_COLUMNS = `t.id, t.name, t.hierarchy_item_id AS "hierarchyItemId", hi.name AS "entityName", t.scheduled_at AS "scheduledAt",
    t.controller_id AS "controllerId", COALESCE(${personNameSql('u')}, u.username) AS "controllerName", t.version,
    (SELECT count(*)::int FROM vgp_tour_control c WHERE c.tour_id = t.id) AS total,
    (SELECT count(*)::int FROM vgp_tour_control c WHERE c.tour_id = t.id AND c.done_at IS NOT NULL) AS done`;
const TOUR_JOINS = 'LEFT JOIN hierarchy_item hi ON hi.id = t.hierarchy_item_id LEFT JOIN app_user u ON u.id = t.controller_id';

/** The tours of the user's scope, latest date first; `page` null for all of them. */
export async function listTours(db: Db, user: AuthUser, page: PageRequest | null): Promise<{ rows: TourRow[]; total: { total: number; capped: boolean } }> {
  const scope = await loadVgpScope(db, user);
  const params: unknown[] = [user.tenantId, scopeParam(scope)];
  const where = `FROM vgp_tour t WHERE t.tenant_id = $1 AND ${scopeSql(scope, 't.hierarchy_item_id', 2)}`;
  const limit = page ? ` LIMIT ${page.perPage} OFFSET ${page.offset}` : '';
  const [rows, total] = await Promise.all([
    db.query(`SELECT ${TOUR_COLUMNS} FROM (SELECT t.* ${where} ORDER BY t.scheduled_at DESC, t.id DESC${limit}) t ${TOUR_JOINS} ORDER BY t.scheduled_at DESC, t.id DESC`, params),
    countUpTo(db, where, params),
  ]);
  return { rows: rowsOf<TourRow>(rows), total };
}

/** One tour of the company within the user's scope, or null. */
export async function findTour(db: Db, user: AuthUser, id: number): Promise<TourRow | null> {
  const [row] = rowsOf<TourRow>(await db.query(`SELECT ${TOUR_COLUMNS} FROM vgp_tour t ${TOUR_JOINS} WHERE t.id = $1 AND t.tenant_id = $2`, [id, user.tenantId]));
  if (!row || !inHierarchyScope(await loadVgpScope(db, user), row.hierarchyItemId)) return null;
  return row;
}

/** The entities a tour may belong to: the company's, or the user's and those below (the VGP scope). */
export async function entityOptions(db: Db, tenantId: number, scope: HierarchyScope, keepId: number | null = null): Promise<Option[]> {
  const rows: Array<{ id: number; name: string }> = await db.query(
    `SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL AND ($2::boolean OR id = ANY($3::int[]) OR id = $4)
      ORDER BY lower(name), id`, [tenantId, scope.unrestricted, scope.itemIds, keepId]);
  return rows.map((r) => ({ id: r.id, label: r.name }));
}

/** Enabled members of the company who may be a tour's controller (plus `keepId`, already on the tour). */
export async function controllerOptions(db: Db, tenantId: number, keepId: number | null = null): Promise<Option[]> {
  const rows = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND (u.enabled OR u.id = $2) ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId, keepId]);
  return rows.map((r: { id: number; first_name: string | null; last_name: string | null; username: string }) => ({ id: r.id, label: personName(r.first_name, r.last_name, r.username) }));
}

/** The outcome of a save. */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string> } | { ok: false; stale: true };

/** Adds or updates a tour; its entity must be in the user's scope and its controller a member of the company. */
export async function saveTour(db: Db, user: AuthUser, tour: TourRow | null, input: TourInput): Promise<SaveResult> {
  const scope = await loadVgpScope(db, user);
  const errors: Record<string, string> = {};
  if (!(await entityOptions(db, user.tenantId, scope, tour?.hierarchyItemId ?? null)).some((o) => o.id === input.entity)) errors.entity = 'validation.choice';
  if (input.controller !== null && !(await controllerOptions(db, user.tenantId, tour?.controllerId ?? null)).some((o) => o.id === input.controller)) errors.controller = 'validation.choice';
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = [input.name, input.entity, parisInstant(input.date, input.time), input.controller];
  if (!tour) {
    const [row] = await db.query('INSERT INTO vgp_tour (tenant_id, name, hierarchy_item_id, scheduled_at, controller_id) VALUES ($5, $1, $2, $3, $4) RETURNING id', [...values, user.tenantId]);
    return { ok: true, id: row.id };
  }
  const done = rowsOf(await db.query(
    `UPDATE vgp_tour SET name = $1, hierarchy_item_id = $2, scheduled_at = $3, controller_id = $4, version = version + 1
      WHERE id = $5 AND tenant_id = $6 AND version = $7 RETURNING id`, [...values, tour.id, user.tenantId, input.version]));
  return done.length ? { ok: true, id: tour.id } : { ok: false, stale: true };
}

/** Removes a tour and its list of controls (the controls themselves stay). */
export async function deleteTour(db: Db, tenantId: number, id: number): Promise<void> {
  await db.query('DELETE FROM vgp_tour WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
}
