import { clock } from '../../../kernel/clock';
import { inTransaction, rowsOf, type Db } from '../../../kernel/db/sql';
import type { EntityManager } from 'typeorm';

/** A control of a tour, in order, with what the round sheet prints of its equipment. */
export interface TourControlRow {
  id: number;
  position: number;
  doneAt: Date | null;
  controllableId: number;
  controlName: string;
  equipmentId: number | null;
  equipmentName: string | null;
  internalNumber: string | null;
  location: string | null;
  lastControlDate: string | null;
  deadline: string | null;
}

/** A controllable that may be added to a tour. */
export interface Candidate { id: number; label: string }

/** The controls of a tour in their order. */
export async function listTourControls(db: Db, tenantId: number, tourId: number): Promise<TourControlRow[]> {
  return rowsOf(await db.query(
    `SELECT tc.id, tc.position, tc.done_at AS "doneAt", c.id AS "controllableId", c.name AS "controlName", e.id AS "equipmentId",
            e.name AS "equipmentName", e.internal_number AS "internalNumber",
            NULLIF(concat_ws(' — ', NULLIF(e.location, ''), NULLIF(e.location_precision, '')), '') AS location,
            c.last_control_date::text AS "lastControlDate", c.deadline::text AS deadline
       FROM vgp_tour_control tc JOIN vgp_controllable c ON c.id = tc.controllable_id LEFT JOIN equipment e ON e.id = c.equipment_id
      WHERE tc.tour_id = $1 AND tc.tenant_id = $2 ORDER BY tc.position, tc.id`, [tourId, tenantId]));
}

/**
 * The controls that may join a tour: active controls of the company's active equipment standing in
 * the tour's entity or below (any entity when the tour has none), not yet in the tour; due first.
 */
export async function candidateControls(db: Db, tenantId: number, tour: { id: number; hierarchyItemId: number | null }): Promise<Candidate[]> {
  const rows: Array<{ id: number; name: string; equipment: string }> = await db.query(
    `WITH RECURSIVE below AS (
       SELECT id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1
       UNION SELECT h.id FROM hierarchy_item h JOIN below b ON h.parent_id = b.id WHERE h.tenant_id = $1 AND h.deleted_at IS NULL)
     SELECT c.id, c.name, e.name AS equipment FROM vgp_controllable c JOIN equipment e ON e.id = c.equipment_id
      WHERE c.tenant_id = $1 AND NOT c.archived AND NOT e.archived
        AND ($2::int IS NULL OR e.hierarchy_item_id IN (SELECT id FROM below))
        AND NOT EXISTS (SELECT 1 FROM vgp_tour_control tc WHERE tc.tour_id = $3 AND tc.controllable_id = c.id)
      ORDER BY c.deadline NULLS LAST, lower(e.name), c.id`, [tenantId, tour.hierarchyItemId, tour.id]);
  return rows.map((r) => ({ id: r.id, label: `${r.equipment} — ${r.name}` }));
}

/** A control of a tour of the company (its tour to check for scope), or null. */
export async function findTourControl(db: Db, tenantId: number, id: number): Promise<{ id: number; tourId: number } | null> {
  const [row] = rowsOf<{ id: number; tourId: number }>(await db.query('SELECT id, tour_id AS "tourId" FROM vgp_tour_control WHERE id = $1 AND tenant_id = $2', [id, tenantId]));
  return row ?? null;
}

/** A change of a tour's controls: done, or the tour changed since the page was shown. */
export type ControlChange = { ok: true } | { ok: false; stale: true } | { ok: false; errors: Record<string, string> };

/**
 * Runs `work` with the tour's version checked and bumped in the same transaction: a page showing an
 * older list of controls (another user reordered or ticked meanwhile) gets a 409, never a silent mix.
 */
async function withTourVersion(db: Db, tenantId: number, tourId: number, version: number, work: (m: EntityManager) => Promise<void>): Promise<ControlChange> {
  return inTransaction(db, async (m) => {
    const bumped = rowsOf(await m.query('UPDATE vgp_tour SET version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id', [tourId, tenantId, version]));
    if (!bumped.length) return { ok: false, stale: true };
    await work(m);
    return { ok: true };
  });
}

/** Adds a control at the end of the tour; it must be one of {@link candidateControls}. */
export async function addTourControl(db: Db, tenantId: number, tour: { id: number; hierarchyItemId: number | null }, controllableId: number, version: number): Promise<ControlChange> {
  if (!(await candidateControls(db, tenantId, tour)).some((c) => c.id === controllableId)) return { ok: false, errors: { controllable: 'validation.choice' } };
  return withTourVersion(db, tenantId, tour.id, version, async (m) => {
    await m.query(
      `INSERT INTO vgp_tour_control (tenant_id, tour_id, controllable_id, position)
       VALUES ($1, $2, $3, (SELECT COALESCE(max(position), 0) + 1 FROM vgp_tour_control WHERE tour_id = $2))`, [tenantId, tour.id, controllableId]);
  });
}

/** Moves a control one place up or down (nothing at either end); positions are renumbered 1..n. */
export async function moveTourControl(db: Db, tenantId: number, tourId: number, controlId: number, direction: 'up' | 'down', version: number): Promise<ControlChange> {
  return withTourVersion(db, tenantId, tourId, version, async (m) => {
    const ids = rowsOf<{ id: number }>(await m.query('SELECT id FROM vgp_tour_control WHERE tour_id = $1 AND tenant_id = $2 ORDER BY position, id', [tourId, tenantId])).map((r) => r.id);
    const at = ids.indexOf(controlId);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to], ids[at]];
    await m.query(
      'UPDATE vgp_tour_control tc SET position = o.n FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE tc.id = o.id AND tc.tour_id = $2',
      [ids, tourId]);
  });
}

/** Takes a control out of the tour (the control itself stays). */
export async function removeTourControl(db: Db, tenantId: number, tourId: number, controlId: number, version: number): Promise<ControlChange> {
  return withTourVersion(db, tenantId, tourId, version, async (m) => {
    await m.query('DELETE FROM vgp_tour_control WHERE id = $1 AND tour_id = $2 AND tenant_id = $3', [controlId, tourId, tenantId]);
  });
}

/** Marks a control of the tour done now, or undoes it (`done_at` back to null). */
export async function markTourControl(db: Db, tenantId: number, tourId: number, controlId: number, done: boolean, version: number): Promise<ControlChange> {
  return withTourVersion(db, tenantId, tourId, version, async (m) => {
    await m.query('UPDATE vgp_tour_control SET done_at = $1 WHERE id = $2 AND tour_id = $3 AND tenant_id = $4', [done ? clock.now() : null, controlId, tourId, tenantId]);
  });
}
