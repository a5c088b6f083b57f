import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../kernel/http/errors';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import type { ProjectState } from './project.entity';

type Db = DataSource | EntityManager;

/** What every part of the project module needs to know of a project. */
export interface ProjectRef {
  id: number;
  tenantId: number;
  label: string;
  state: ProjectState;
  serviceId: number | null;
  version: number;
}

/**
 * SQL condition limiting projects (alias `alias`) to those the user may see:
 * every project of the company with `project.view_all`; with `project.view_service` those of
 * the user's services; always those the user is a member of or created. `first` is the number
 * of the first placeholder the fragment may use.
 */
export function projectVisibility(user: AuthUser, alias: string, first: number): { sql: string; params: unknown[] } {
  if (can(user, 'project.view_all')) return { sql: 'TRUE', params: [] };
  const p = `$${first}`;
  const own = `(${alias}.created_by_id = ${p} OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = ${alias}.id AND pm.user_id = ${p}))`;
  const service = can(user, 'project.view_service')
    ? ` OR ${alias}.service_id IN (SELECT us.service_id FROM user_service us WHERE us.user_id = ${p})`
    : '';
  return { sql: `(${own}${service})`, params: [user.id] };
}

const toRef = (r: Record<string, any>): ProjectRef => ({
  id: r.id, tenantId: r.tenant_id, label: r.label, state: r.state, serviceId: r.service_id, version: r.version,
});

/**
 * The project `id` of the user's company that the user may see, or a 404 (another company's,
 * deleted, unknown or out of sight: never say which).
 */
export async function requireProject(req: Request, id: number, db: Db = req.ctx.db): Promise<ProjectRef> {
  const user = req.authUser!;
  const vis = projectVisibility(user, 'p', 3);
  const rows = await db.query(
    `SELECT p.id, p.tenant_id, p.label, p.state, p.service_id, p.version FROM project p
      WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL AND ${vis.sql}`,
    [id, user.tenantId, ...vis.params]);
  if (!rows.length) throw new HttpError(404, 'errors.not_found.title');
  return toRef(rows[0]);
}

/** True when the user manages the project (a member flagged project manager or "manages project"). */
export async function managesProject(db: Db, user: AuthUser, projectId: number): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM project_member WHERE project_id = $1 AND user_id = $2 AND (is_project_manager OR manages_project)', [projectId, user.id]);
  return rows.length > 0;
}

/**
 * The project abilities of one user on one project, as data (a readable rights table): the
 * named right, or managing the project, grants each one. Archived projects are read-only.
 */
export async function projectAbilities(db: Db, user: AuthUser, project: ProjectRef): Promise<Record<'edit' | 'members' | 'documents' | 'tasks' | 'schedules' | 'comments' | 'done', boolean>> {
  const manager = await managesProject(db, user, project.id);
  const open = project.state !== 'archived';
  const may = (right: string) => open && (can(user, right) || manager);
  return {
    edit: may('project.edit'),
    members: may('project.members'),
    documents: may('project.documents'),
    tasks: may('project.tasks'),
    schedules: may('project.schedules'),
    comments: open && (can(user, 'project.comments') || manager),
    done: may('project.done'),
  };
}
