import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { visibleEventsSql } from '../../event/event.policy';

/** An event linked (or linkable) to a project, as the events tab lists it. */
export interface LinkedEvent { id: number; kind: string; subject: string; eventDate: string | null; status: string; visible: boolean }

const toEvent = (r: Record<string, any>): LinkedEvent => ({ id: r.id, kind: r.kind, subject: r.subject, eventDate: r.event_date, status: r.status, visible: r.visible });

/**
 * The events linked to the project (`event.project_id`), newest first. Every linked event is
 * listed; `visible` says whether the user may open it (the event's own record rules, and the
 * `event.view` right): the others show their subject without a link.
 */
export async function listLinkedEvents(db: Db, user: AuthUser, projectId: number): Promise<LinkedEvent[]> {
  const visible = can(user, 'event.view') ? visibleEventsSql(user, '$3') : '$3::int IS NULL';
  const rows = await db.query(
    `SELECT e.id, e.kind, e.subject, e.event_date::text AS event_date, e.status, (${visible}) AS visible
       FROM event e WHERE e.project_id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL ORDER BY e.event_date DESC NULLS LAST, e.id DESC`,
    [projectId, user.tenantId, user.id]);
  return rows.map(toEvent);
}

/** The events the user may see and link to the project: not in the trash, not yet linked to it, newest first. */
export async function linkableEvents(db: Db, user: AuthUser, projectId: number): Promise<LinkedEvent[]> {
  if (!can(user, 'event.view')) return [];
  const rows = await db.query(
    `SELECT e.id, e.kind, e.subject, e.event_date::text AS event_date, e.status, true AS visible
       FROM event e WHERE e.tenant_id = $2 AND e.deleted_at IS NULL AND e.project_id IS DISTINCT FROM $1 AND ${visibleEventsSql(user, '$3')}
      ORDER BY e.event_date DESC NULLS LAST, e.id DESC LIMIT 200`, [projectId, user.tenantId, user.id]);
  return rows.map(toEvent);
}

/** Links the event to the project when the user may see it; false otherwise (another company's, hidden, in the trash). */
export async function linkEvent(db: Db, user: AuthUser, projectId: number, eventId: number): Promise<boolean> {
  if (!can(user, 'event.view')) return false;
  return rowsOf(await db.query(
    `UPDATE event e SET project_id = $1 WHERE e.id = $4 AND e.tenant_id = $2 AND e.deleted_at IS NULL AND ${visibleEventsSql(user, '$3')} RETURNING e.id`,
    [projectId, user.tenantId, user.id, eventId])).length > 0;
}

/** Takes the event off the project. */
export async function unlinkEvent(db: Db, tenantId: number, projectId: number, eventId: number): Promise<boolean> {
  return rowsOf(await db.query('UPDATE event SET project_id = NULL WHERE id = $1 AND tenant_id = $2 AND project_id = $3 RETURNING id', [eventId, tenantId, projectId])).length > 0;
}
