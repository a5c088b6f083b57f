import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { PageRequest } from '../../../kernel/http/pagination';
import type { FieldError } from '../../../kernel/http/forms';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { userInTenant } from '../../../kernel/tenancy';
import { softDelete } from '../../../kernel/trash/trash';
import { projectVisibility } from '../project-access';
import type { ProjectState } from '../project.entity';
import type { ProjectFilters, ProjectInput } from './project.schema';

/** One line of the projects list. */
export interface ProjectListRow {
  id: number; label: string; state: ProjectState; expectedStartDate: string | null; expectedEndDate: string | null; realEndDate: string | null;
  serviceName: string | null; managerNames: string | null; memberCount: number; taskCount: number;
}

/** A project as its page and its form read it. */
export interface ProjectRecord {
  id: number; tenantId: number; label: string; description: string | null; state: ProjectState;
  expectedStartDate: string | null; expectedEndDate: string | null; realEndDate: string | null;
  serviceId: number | null; serviceName: string | null; imageFileId: number | null; createdByName: string | null; version: number;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const LIST_COLUMNS = `p.id, p.label, p.state, p.expected_start_date::text AS expected_start_date, p.expected_end_date::text AS expected_end_date,
  p.real_end_date::text AS real_end_date, s.name AS service_name,
  (SELECT string_agg(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ', ' ORDER BY u.last_name, u.first_name)
     FROM project_member pm JOIN app_user u ON u.id = pm.user_id WHERE pm.project_id = p.id AND pm.is_project_manager) AS manager_names,
  (SELECT count(*)::int FROM project_member pm WHERE pm.project_id = p.id) AS member_count,
  (SELECT count(*)::int FROM project_task pt WHERE pt.project_id = p.id) AS task_count`;

const toListRow = (r: Record<string, any>): ProjectListRow => ({
  id: r.id, label: r.label, state: r.state, expectedStartDate: r.expected_start_date, expectedEndDate: r.expected_end_date, realEndDate: r.real_end_date,
  serviceName: r.service_name, managerNames: r.manager_names || null, memberCount: r.member_count, taskCount: r.task_count,
});

/** The projects the user may see, searched by label and filtered by state, paged. */
export async function listProjects(db: Db, user: AuthUser, filters: ProjectFilters, page: PageRequest): Promise<{ rows: ProjectListRow[]; total: number }> {
  const params: unknown[] = [user.tenantId];
  const where = ['p.tenant_id = $1', 'p.deleted_at IS NULL'];
  const vis = projectVisibility(user, 'p', params.length + 1);
  where.push(vis.sql);
  params.push(...vis.params);
  if (filters.q) { params.push(likePattern(filters.q)); where.push(`p.label ILIKE $${params.length}`); }
  if (filters.state) { params.push(filters.state); where.push(`p.state = $${params.length}`); }
  const clause = where.join(' AND ');
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM project p WHERE ${clause}`, params);
  const rows = await db.query(
    `SELECT ${LIST_COLUMNS} FROM project p LEFT JOIN service s ON s.id = p.service_id
      WHERE ${clause} ORDER BY p.expected_end_date ASC NULLS LAST, lower(p.label), p.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { total, rows: rows.map(toListRow) };
}

/**
 * The projects to close (seed 002 "project end"): visible, neither completed nor archived, whose
 * expected end has passed or falls within the next 30 days; the overdue ones first.
 */
export async function listProjectsToClose(db: Db, user: AuthUser, today: string): Promise<Array<ProjectListRow & { overdue: boolean; daysLeft: number }>> {
  const vis = projectVisibility(user, 'p', 3);
  const rows = await db.query(
    `SELECT ${LIST_COLUMNS}, p.expected_end_date < $2::date AS overdue, (p.expected_end_date - $2::date) AS days_left
       FROM project p LEFT JOIN service s ON s.id = p.service_id
      WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND ${vis.sql}
        AND p.state NOT IN ('completed', 'archived') AND p.expected_end_date IS NOT NULL AND p.expected_end_date <= $2::date + 30
      ORDER BY p.expected_end_date, lower(p.label), p.id`, [user.tenantId, today, ...vis.params]);
  return rows.map((r: Record<string, any>) => ({ ...toListRow(r), overdue: r.overdue, daysLeft: Number(r.days_left) }));
}

/** The project `id` of the company (not in the trash), or null. Visibility is checked by `requireProject` first. */
export async function findProject(db: Db, tenantId: number, id: number): Promise<ProjectRecord | null> {
  const [r] = await db.query(
    `SELECT p.id, p.tenant_id, p.label, p.description, p.state, p.expected_start_date::text AS expected_start_date, p.expected_end_date::text AS expected_end_date,
            p.real_end_date::text AS real_end_date, p.service_id, s.name AS service_name, p.image_file_id, p.version,
            NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by_name
       FROM project p LEFT JOIN service s ON s.id = p.service_id LEFT JOIN app_user u ON u.id = p.created_by_id
      WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [id, tenantId]);
  if (!r) return null;
  return {
    id: r.id, tenantId: r.tenant_id, label: r.label, description: r.description, state: r.state, expectedStartDate: r.expected_start_date,
    expectedEndDate: r.expected_end_date, realEndDate: r.real_end_date, serviceId: r.service_id, serviceName: r.service_name,
    imageFileId: r.image_file_id, createdByName: r.created_by_name, version: r.version,
  };
}

const french = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** The form values of a saved project (dates DD/MM/YYYY). */
export function projectFormValues(p: ProjectRecord): Record<string, unknown> {
  return {
    label: p.label, description: p.description ?? '', expectedStartDate: french(p.expectedStartDate), expectedEndDate: french(p.expectedEndDate),
    realEndDate: french(p.realEndDate), serviceId: p.serviceId ?? '', version: p.version,
  };
}

/** Options of the selects: the company's services and users. */
export async function projectChoices(db: Db, tenantId: number): Promise<{ services: Array<{ id: number; name: string }>; users: Array<{ id: number; name: string }> }> {
  const services = await db.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantId]);
  const users = await db.query(
    `SELECT u.id, trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')) AS name FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId]);
  return { services: services.map((r: any) => ({ id: r.id, name: r.name })), users: users.map((r: any) => ({ id: r.id, name: r.name || `#${r.id}` })) };
}

/** Outcome of a save. */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/**
 * Creates or updates a project. `imageFileId`: a new image (number), remove it (null) or keep
 * it (undefined). An edit carries its version (0 rows → stale). A late project whose expected
 * end is moved to today or later goes back to in progress (the daily job marks it late again
 * if needed).
 */
export async function saveProject(db: DataSource, user: AuthUser, id: number | null, input: ProjectInput, imageFileId: number | null | undefined, today: string): Promise<SaveResult> {
  const tenantId = user.tenantId;
  return db.transaction(async (m): Promise<SaveResult> => {
    if (input.serviceId !== null && !(await m.query('SELECT 1 FROM service WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [input.serviceId, tenantId])).length) {
      return { ok: false, errors: { serviceId: 'validation.choice' } };
    }
    const values = [input.label, input.description || null, input.expectedStartDate, input.expectedEndDate, input.realEndDate, input.serviceId];
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO project (tenant_id, label, description, expected_start_date, expected_end_date, real_end_date, service_id, image_file_id, created_by_id, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'unstarted') RETURNING id`, [tenantId, ...values, imageFileId ?? null, user.id]);
      return { ok: true, id: row.id };
    }
    const image = imageFileId === undefined ? '' : ', image_file_id = $10';
    const params: unknown[] = [id, tenantId, input.version, ...values];
    if (imageFileId !== undefined) params.push(imageFileId);
    const back = input.expectedEndDate && input.expectedEndDate >= today ? `, state = CASE WHEN state = 'late' THEN 'in_progress' ELSE state END` : '';
    const updated = rowsOf(await m.query(
      `UPDATE project SET label = $4, description = $5, expected_start_date = $6, expected_end_date = $7, real_end_date = $8, service_id = $9${image}${back},
              version = version + 1, updated_at = now()
        WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id`, params));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Outcome of a deletion. */
export type TrashResult = 'removed' | 'not_found' | 'has_tasks';

/** Moves a project to the trash, refused while it has tasks (seed 002 "project linked to tasks"). */
export async function trashProject(db: DataSource, tenantId: number, id: number, userId: number): Promise<TrashResult> {
  return db.transaction(async (m): Promise<TrashResult> => {
    const [p] = await m.query('SELECT label FROM project WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!p) return 'not_found';
    const [task] = await m.query('SELECT 1 FROM project_task WHERE project_id = $1 LIMIT 1', [id]);
    if (task) return 'has_tasks';
    return (await softDelete(m, { table: 'project', id, tenantId, title: p.label, userId })) ? 'removed' : 'not_found';
  });
}
