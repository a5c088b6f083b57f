import type { Request, Response } from 'express';
import type { Db } from '../../kernel/db/sql';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { projectVisibility } from '../project/project-access';
import type { Option } from './event-options';

/** The project an event is linked to, as its page shows it: a link only when the user may open the project. */
export interface EventProject { id: number; label: string; visible: boolean }

/** True when the company uses projects: the `module_projects` toggle is on and the project module is there. */
export function projectsOn(req: Request, res: Response): boolean {
  const toggles = res.locals.toggles as Record<string, boolean> | undefined;
  return toggles?.module_projects !== false && req.ctx.routes.has('project_show');
}

/** True when the event form offers the project select: projects on, and the user holds `project.view` (without it no project is in sight). */
export function projectsShown(req: Request, res: Response): boolean {
  return projectsOn(req, res) && can(req.authUser!, 'project.view');
}

/**
 * The projects the event form offers: those of the user's company the user may see, not in the
 * trash, by label; plus `heldId`, the project the event already has, even out of sight (so an
 * edit keeps it instead of clearing it silently).
 */
export async function projectOptions(db: Db, user: AuthUser, heldId: number | null): Promise<Option[]> {
  const vis = projectVisibility(user, 'p', 3);
  const rows = await db.query(
    `SELECT p.id, p.label FROM project p
      WHERE p.tenant_id = $1 AND ((p.deleted_at IS NULL AND ${vis.sql}) OR p.id = $2)
      ORDER BY lower(p.label), p.id`,
    [user.tenantId, heldId ?? 0, ...vis.params]);
  return rows.map((r: { id: number; label: string }) => ({ id: r.id, label: r.label }));
}

/** True when the user may link an event to the project: one of the company's, not in the trash, in sight. */
export async function projectSelectable(db: Db, user: AuthUser, projectId: number): Promise<boolean> {
  const vis = projectVisibility(user, 'p', 3);
  const rows = await db.query(
    `SELECT 1 FROM project p WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL AND ${vis.sql}`,
    [projectId, user.tenantId, ...vis.params]);
  return rows.length > 0;
}

/**
 * The event's project for its page, or null (none, or not the company's). `visible`: the user may
 * open it (`project.view`, in sight, not in the trash); otherwise the page shows its label alone.
 */
export async function eventProject(db: Db, user: AuthUser, projectId: number | null): Promise<EventProject | null> {
  if (projectId === null) return null;
  const vis = projectVisibility(user, 'p', 3);
  const [row] = await db.query(
    `SELECT p.id, p.label, (p.deleted_at IS NULL AND ${vis.sql}) AS visible FROM project p WHERE p.id = $1 AND p.tenant_id = $2`,
    [projectId, user.tenantId, ...vis.params]);
  return row ? { id: row.id, label: row.label, visible: row.visible === true && can(user, 'project.view') } : null;
}
