import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { userInTenant } from '../../../kernel/tenancy';
import type { DocumentInput, MemberInput } from './project.schema';
import type { SaveResult } from './project.service';

const fullName = (alias: string) => `NULLIF(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;

// ---------------------------------------------------------------- members

/** A member of a project. */
export interface MemberRow { id: number; projectId: number; userId: number; name: string; isProjectManager: boolean; managesProject: boolean; function: string | null; version: number }

const toMember = (r: Record<string, any>): MemberRow => ({
  id: r.id, projectId: r.project_id, userId: r.user_id, name: r.name ?? `#${r.user_id}`, isProjectManager: r.is_project_manager, managesProject: r.manages_project, function: r.function, version: r.version,
});
const MEMBER_SELECT = `SELECT m.id, m.project_id, m.user_id, ${fullName('u')} AS name, m.is_project_manager, m.manages_project, m.function, m.version
  FROM project_member m JOIN app_user u ON u.id = m.user_id`;

/** The members of a project: project managers first, then by name. */
export async function listMembers(db: Db, tenantId: number, projectId: number): Promise<MemberRow[]> {
  const rows = await db.query(`${MEMBER_SELECT} WHERE m.project_id = $1 AND m.tenant_id = $2 ORDER BY m.is_project_manager DESC, lower(u.last_name), lower(u.first_name), m.id`, [projectId, tenantId]);
  return rows.map(toMember);
}

/** The member `id` of the company, or null. */
export async function findMember(db: Db, tenantId: number, id: number): Promise<MemberRow | null> {
  const [r] = await db.query(`${MEMBER_SELECT} WHERE m.id = $1 AND m.tenant_id = $2`, [id, tenantId]);
  return r ? toMember(r) : null;
}

/**
 * Adds or updates a member. The user must belong to the company and may be on the project only
 * once (seed 002: "a user already on a project is rejected"), with the error under the field.
 * An edit carries its version (0 rows → stale).
 */
export async function saveMember(db: DataSource, tenantId: number, projectId: number, id: number | null, input: MemberInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    const [user] = await m.query(`SELECT ${fullName('u')} AS name FROM app_user u WHERE u.id = $1 AND ${userInTenant('u', '$2')}`, [input.userId, tenantId]);
    if (!user) return { ok: false as const, errors: { userId: 'validation.choice' } };
    // Two adds of the same user at once: the second waits here and sees the first.
    await m.query('SELECT id FROM project WHERE id = $1 FOR UPDATE', [projectId]);
    // An edit read at another version is stale before anything else is judged.
    if (id !== null && !(await m.query('SELECT 1 FROM project_member WHERE id = $1 AND tenant_id = $2 AND version = $3', [id, tenantId, input.version])).length) {
      return { ok: false as const, stale: true as const };
    }
    const [taken] = await m.query('SELECT 1 FROM project_member WHERE project_id = $1 AND user_id = $2 AND id <> $3', [projectId, input.userId, id ?? 0]);
    if (taken) return { ok: false as const, errors: { userId: { key: 'project.errors.member_taken', params: { name: user.name ?? '' } } } };
    const values = [input.userId, input.isProjectManager, input.managesProject, input.function || null];
    if (id === null) {
      const [row] = await m.query(
        'INSERT INTO project_member (tenant_id, project_id, user_id, is_project_manager, manages_project, function) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [tenantId, projectId, ...values]);
      return { ok: true as const, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE project_member SET user_id = $4, is_project_manager = $5, manages_project = $6, function = $7, version = version + 1
        WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`, [id, tenantId, input.version, ...values]));
    return updated.length ? { ok: true as const, id } : { ok: false as const, stale: true as const };
  });
}

/** Removes a member (its tasks keep their assignee: the history stays true). */
export async function removeMember(db: Db, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query('DELETE FROM project_member WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

// ---------------------------------------------------------------- documents

/** A document of a project or of one of its tasks. */
export interface DocumentRow {
  id: number; projectId: number; taskId: number | null; taskLabel: string | null; label: string; url: string | null;
  fileId: number | null; fileName: string | null; createdAt: Date; createdByName: string | null; version: number;
}

const toDocument = (r: Record<string, any>): DocumentRow => ({
  id: r.id, projectId: r.project_id, taskId: r.task_id, taskLabel: r.task_label, label: r.label, url: r.url, fileId: r.file_id, fileName: r.file_name,
  createdAt: r.created_at, createdByName: r.created_by_name, version: r.version,
});
const DOCUMENT_SELECT = `SELECT d.id, d.project_id, d.task_id, t.label AS task_label, d.label, d.url, d.file_id, f.original_name AS file_name, d.created_at,
  ${fullName('u')} AS created_by_name, d.version
  FROM project_document d LEFT JOIN project_task t ON t.id = d.task_id LEFT JOIN stored_file f ON f.id = d.file_id LEFT JOIN app_user u ON u.id = d.created_by_id`;

/** The documents of a project (those of its tasks too, named by their task). */
export async function listDocuments(db: Db, tenantId: number, projectId: number): Promise<DocumentRow[]> {
  return (await db.query(`${DOCUMENT_SELECT} WHERE d.project_id = $1 AND d.tenant_id = $2 ORDER BY d.task_id NULLS FIRST, lower(d.label), d.id`, [projectId, tenantId])).map(toDocument);
}

/** The document `id` of the company, or null. */
export async function findDocument(db: Db, tenantId: number, id: number): Promise<DocumentRow | null> {
  const [r] = await db.query(`${DOCUMENT_SELECT} WHERE d.id = $1 AND d.tenant_id = $2`, [id, tenantId]);
  return r ? toDocument(r) : null;
}

/**
 * Adds (`id` null) or updates a document. A document needs a file or a link: `fileId` is a new
 * file, or undefined to keep the current one. An edit carries its version (0 rows → stale).
 */
export async function saveDocument(db: Db, target: { tenantId: number; projectId: number; taskId: number | null; userId: number }, id: number | null, input: DocumentInput, fileId: number | undefined): Promise<SaveResult> {
  const url = input.url || null;
  if (id === null) {
    if (!url && fileId === undefined) return { ok: false, errors: { url: 'project.errors.document_empty' } };
    const [row] = await db.query(
      'INSERT INTO project_document (tenant_id, project_id, task_id, label, file_id, url, created_by_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
      [target.tenantId, target.projectId, target.taskId, input.label, fileId ?? null, url, target.userId]);
    return { ok: true, id: row.id };
  }
  const [current] = await db.query('SELECT file_id, version FROM project_document WHERE id = $1 AND tenant_id = $2', [id, target.tenantId]);
  if (!current) return { ok: false, errors: { label: 'errors.not_found.title' } };
  // Read at another version: the emptiness check below would judge someone else's file.
  if (current.version !== input.version) return { ok: false, stale: true };
  const file = fileId ?? current.file_id;
  if (!url && !file) return { ok: false, errors: { url: 'project.errors.document_empty' } };
  const updated = rowsOf(await db.query(
    'UPDATE project_document SET label = $4, url = $5, file_id = $6, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, target.tenantId, input.version, input.label, url, file]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Removes a document (its file stays in storage until the orphan purge). */
export async function removeDocument(db: Db, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query('DELETE FROM project_document WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

// ---------------------------------------------------------------- comments

/** A comment on a project. */
export interface CommentRow { id: number; projectId: number; userId: number | null; authorName: string | null; text: string; createdAt: Date; updatedAt: Date; version: number }

const toComment = (r: Record<string, any>): CommentRow => ({
  id: r.id, projectId: r.project_id, userId: r.user_id, authorName: r.author_name, text: r.text, createdAt: r.created_at, updatedAt: r.updated_at, version: r.version,
});
const COMMENT_SELECT = `SELECT c.id, c.project_id, c.user_id, ${fullName('u')} AS author_name, c.text, c.created_at, c.updated_at, c.version
  FROM project_comment c LEFT JOIN app_user u ON u.id = c.user_id`;

/** The comments of a project, newest first. */
export async function listComments(db: Db, tenantId: number, projectId: number): Promise<CommentRow[]> {
  return (await db.query(`${COMMENT_SELECT} WHERE c.project_id = $1 AND c.tenant_id = $2 ORDER BY c.created_at DESC, c.id DESC`, [projectId, tenantId])).map(toComment);
}

/** The comment `id` of the company, or null. */
export async function findComment(db: Db, tenantId: number, id: number): Promise<CommentRow | null> {
  const [r] = await db.query(`${COMMENT_SELECT} WHERE c.id = $1 AND c.tenant_id = $2`, [id, tenantId]);
  return r ? toComment(r) : null;
}

/** Adds (`id` null, by `userId`) or updates a comment's text; an edit carries the `version` it was read at (0 rows → stale). */
export async function saveComment(db: Db, tenantId: number, projectId: number, userId: number, id: number | null, text: string, version = 0): Promise<{ ok: true; id: number } | { ok: false; stale: true }> {
  if (id === null) {
    const [row] = await db.query('INSERT INTO project_comment (tenant_id, project_id, user_id, text) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, projectId, userId, text]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE project_comment SET text = $4, updated_at = now(), version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, version, text]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Removes a comment. */
export async function removeComment(db: Db, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query('DELETE FROM project_comment WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}
