import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { userInTenant } from '../../kernel/tenancy';
import { ACTION_LEVELS, type ActionLevel } from './action.entity';
import { loadScope } from './action-scope';
import { canSee, type ActionSubject } from './action-plan.policy';
import { enqueueActionMail, scheduleReminders } from './action-plan.mail';
import type { FileField } from './action-plan.uploads';
import { inTransaction } from '../../kernel/db/sql';
import { holdsRightSql } from '../../kernel/rights/holds-right-sql';

/** A data source or a transaction's manager. */
export type Db = DataSource | EntityManager;

/** An action as the block, the page and the policies read it. */
export interface ActionView extends ActionSubject {
  id: number;
  tenantId: number;
  status: string;
  comments: string;
  complement: string | null;
  immediate: boolean;
  level: string;
  creatorId: number;
  creatorName: string;
  assigneeId: number | null;
  assigneeName: string | null;
  deadline: string | null;
  resolutionExplanation: string | null;
  efficiencySynthesisId: number | null;
  closureDate: string | null;
  abandonExplanation: string | null;
  files: Record<FileField, { id: number; name: string } | null>;
  sourceType: string | null;
  sourceId: number | null;
  hierarchyItemId: number | null;
  hierarchyItemName: string | null;
  serviceId: number | null;
  serviceName: string | null;
  parentActionId: number | null;
  archived: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const name = (alias: string) => `NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`;

/** One action of the company (not in the trash), or null. No visibility check: see {@link findVisibleAction}. */
export async function findAction(db: Db, tenantId: number, id: number): Promise<ActionView | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query(
    `SELECT a.*, a.deadline::text AS deadline_text, a.closure_date::text AS closure_text,
            COALESCE(${name('uc')}, uc.username) AS creator_name, COALESCE(${name('ua')}, ua.username) AS assignee_name,
            hi.name AS item_name, sv.name AS service_name,
            f1.original_name AS f1_name, f2.original_name AS f2_name, fc.original_name AS fc_name, fa.original_name AS fa_name
       FROM action a
       JOIN app_user uc ON uc.id = a.creator_id
       LEFT JOIN app_user ua ON ua.id = a.assignee_id
       LEFT JOIN hierarchy_item hi ON hi.id = a.hierarchy_item_id
       LEFT JOIN service sv ON sv.id = a.service_id
       LEFT JOIN stored_file f1 ON f1.id = a.attachment_file1_id
       LEFT JOIN stored_file f2 ON f2.id = a.attachment_file2_id
       LEFT JOIN stored_file fc ON fc.id = a.close_file_id
       LEFT JOIN stored_file fa ON fa.id = a.abandon_file_id
      WHERE a.id = $1 AND a.tenant_id = $2 AND a.deleted_at IS NULL`, [id, tenantId]);
  if (!r) return null;
  const file = (fid: number | null, fname: string | null) => (fid ? { id: fid, name: fname ?? '' } : null);
  return {
    id: r.id, tenantId: r.tenant_id, status: r.status, comments: r.comments, complement: r.complement, immediate: r.immediate, level: r.level,
    creatorId: r.creator_id, creatorName: r.creator_name, assigneeId: r.assignee_id, assigneeName: r.assignee_name,
    deadline: r.deadline_text, resolutionExplanation: r.resolution_explanation, efficiencySynthesisId: r.efficiency_synthesis_id,
    closureDate: r.closure_text, abandonExplanation: r.abandon_explanation,
    files: {
      attachmentFile1: file(r.attachment_file1_id, r.f1_name), attachmentFile2: file(r.attachment_file2_id, r.f2_name),
      closeFile: file(r.close_file_id, r.fc_name), abandonFile: file(r.abandon_file_id, r.fa_name),
    },
    sourceType: r.source_type, sourceId: r.source_id, hierarchyItemId: r.hierarchy_item_id, hierarchyItemName: r.item_name,
    serviceId: r.service_id, serviceName: r.service_name, parentActionId: r.parent_action_id, archived: r.archived,
    version: r.version, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** The action if `user` may see it in the active company (policy `action.view`), else null (404). */
export async function findVisibleAction(db: Db, user: AuthUser, id: number): Promise<ActionView | null> {
  const action = await findAction(db, user.tenantId, id);
  if (!action) return null;
  await loadScope(db, user);
  return canSee(user, action) ? action : null;
}

/** Follow-up actions of an action (its children), oldest first. */
export async function followUpsOf(db: Db, tenantId: number, id: number): Promise<Array<{ id: number; status: string }>> {
  return db.query('SELECT id, status FROM action WHERE tenant_id = $1 AND parent_action_id = $2 AND deleted_at IS NULL ORDER BY id', [tenantId, id]);
}

/** A progress comment as the block lists it. */
export interface ProgressComment { id: number; body: string; authorName: string; createdAt: Date }

/** The progress comments of an action, oldest first. */
export async function listProgressComments(db: Db, tenantId: number, actionId: number): Promise<ProgressComment[]> {
  const rows = await db.query(
    `SELECT c.id, c.body, c.created_at, COALESCE(${name('u')}, u.username, '') AS author
       FROM action_progress_comment c LEFT JOIN app_user u ON u.id = c.author_id
      WHERE c.tenant_id = $1 AND c.action_id = $2 ORDER BY c.created_at, c.id`, [tenantId, actionId]);
  return rows.map((r: any) => ({ id: r.id, body: r.body, authorName: r.author, createdAt: r.created_at }));
}

/** Adds a dated, authored progress comment. */
export async function addProgressComment(db: DataSource, tenantId: number, actionId: number, authorId: number, body: string): Promise<number> {
  const [row] = await db.query(
    'INSERT INTO action_progress_comment (tenant_id, action_id, author_id, body, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, actionId, authorId, body, clock.now()]);
  return row.id;
}

/** Users of the company who may be assigned actions (`action.assignable`, or super_admin), enabled. */
export async function searchAssignees(db: Db, tenantId: number, term: string, limit = 10): Promise<Array<{ id: number; label: string }>> {
  const like = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE u.enabled AND ${userInTenant('u', '$1')} AND ${holdsRightSql('u', '$1', 'action.assignable')}
        AND (u.first_name || ' ' || u.last_name ILIKE $2 OR u.last_name || ' ' || u.first_name ILIKE $2 OR u.username ILIKE $2 OR u.email ILIKE $2)
      ORDER BY u.last_name, u.first_name, u.id LIMIT ${Math.max(1, Math.min(50, limit))}`, [tenantId, like]);
  return rows.map((r: any) => ({ id: r.id, label: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}

/** Is `userId` an enabled member of the company who may be assigned actions? */
export async function isAssignable(db: Db, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db.query(`SELECT 1 FROM app_user u WHERE u.id = $2 AND u.enabled AND ${userInTenant('u', '$1')} AND ${holdsRightSql('u', '$1', 'action.assignable')}`, [tenantId, userId]);
  return !!row;
}

/** Checks the scope references of a form (live item and service of the company): field errors. */
export async function checkScopeRefs(db: Db, tenantId: number, itemId: number | null | undefined, serviceId: number | null | undefined): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  if (itemId) {
    const [i] = await db.query('SELECT 1 FROM hierarchy_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [itemId, tenantId]);
    if (!i) errors.hierarchyItem = 'validation.choice';
  }
  if (serviceId) {
    const [s] = await db.query('SELECT 1 FROM service WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [serviceId, tenantId]);
    if (!s) errors.service = 'validation.choice';
  }
  return errors;
}

/** Input of {@link createAction} (the API the event module and the forms use). */
export interface CreateActionInput {
  comments: string;
  assigneeId?: number | null;
  /** `YYYY-MM-DD`. */
  deadline?: string | null;
  level?: 'normal' | 'high' | 'urgent';
  immediate?: boolean;
  sourceType?: string | null;
  sourceId?: number | null;
  hierarchyItemId?: number | null;
  serviceId?: number | null;
  complement?: string | null;
  /** DRAFT keeps it with its creator; by default it is sent (WAITING) when it has an assignee. */
  status?: 'DRAFT' | 'WAITING';
  parentActionId?: number | null;
}

/**
 * Creates an action and returns its id. Sent (WAITING) when it has an assignee, else a DRAFT
 * (`input.status` decides when given). A sent action mails its assignee and queues its
 * deadline reminders; both leave only if the caller's transaction commits. Throws when the
 * assignee or the scope is not the company's.
 */
export async function createAction(em: EntityManager, tenantId: number, creatorId: number, input: CreateActionInput): Promise<number> {
  return inTransaction(em, async (m) => {
    const assigneeId = input.assigneeId ?? null;
    if (assigneeId) {
      const [u] = await m.query(`SELECT 1 FROM app_user u WHERE u.id = $2 AND ${userInTenant('u', '$1')}`, [tenantId, assigneeId]);
      if (!u) throw new Error(`Action : le responsable ${assigneeId} n'est pas de la société ${tenantId}.`);
    }
    const refs = await checkScopeRefs(m, tenantId, input.hierarchyItemId, input.serviceId);
    if (Object.keys(refs).length) throw new Error(`Action : entité ou service étranger à la société ${tenantId}.`);
    const status = input.status ?? (assigneeId ? 'WAITING' : 'DRAFT');
    if (status === 'WAITING' && !assigneeId) throw new Error('Action : une action transmise doit avoir un responsable.');
    const level: ActionLevel = (ACTION_LEVELS as readonly string[]).includes(input.level ?? '') ? input.level as ActionLevel : 'normal';
    const now = clock.now();
    const [row] = await m.query(
      `INSERT INTO action (tenant_id, status, comments, complement, immediate, level, creator_id, assignee_id, deadline, source_type, source_id,
                           hierarchy_item_id, service_id, parent_action_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) RETURNING id`,
      [tenantId, status, input.comments ?? '', input.complement || null, !!input.immediate, level, creatorId, assigneeId, input.deadline || null,
        input.sourceType || null, input.sourceId ?? null, input.hierarchyItemId ?? null, input.serviceId ?? null, input.parentActionId ?? null, now]);
    const id: number = row.id;
    await recordHistory(m, { tenantId, subjectType: 'action', subjectId: id, transition: 'create', to: status, userId: creatorId, createdAt: now });
    if (status === 'WAITING' && assigneeId) {
      if (assigneeId !== creatorId) await enqueueActionMail(m, { tenantId, actionId: id, kind: 'assigned', userId: assigneeId });
      await scheduleReminders(m, { id, tenantId, status, deadline: input.deadline ?? null, assigneeId });
    }
    return id;
  });
}

/** The actions linked to one source record, for its page (newest first). */
export async function listActionsForSource(em: EntityManager | DataSource, tenantId: number, sourceType: string, sourceId: number): Promise<Array<{ id: number; comments: string; status: string; level: string; deadline: string | null; assigneeName: string | null }>> {
  const rows = await em.query(
    `SELECT a.id, a.comments, a.status, a.level, a.deadline::text AS deadline, ${name('u')} AS assignee_name
       FROM action a LEFT JOIN app_user u ON u.id = a.assignee_id
      WHERE a.tenant_id = $1 AND a.source_type = $2 AND a.source_id = $3 AND a.deleted_at IS NULL
      ORDER BY a.id DESC`, [tenantId, sourceType, sourceId]);
  return rows.map((r: any) => ({ id: r.id, comments: r.comments, status: r.status, level: r.level, deadline: r.deadline, assigneeName: r.assignee_name }));
}

/** The value each form field shows for a stored action (dates DD/MM/YYYY). */
export function formValues(a: ActionView): Record<string, unknown> {
  const fr = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
  return {
    comments: a.comments, complement: a.complement ?? '', immediate: a.immediate, level: a.level, deadline: fr(a.deadline),
    assignee: a.assigneeId ?? '', assigneeLabel: a.assigneeName ?? '', hierarchyItem: a.hierarchyItemId ?? '', service: a.serviceId ?? '',
    resolutionExplanation: a.resolutionExplanation ?? '', efficiencySynthesis: a.efficiencySynthesisId ?? '', closureDate: fr(a.closureDate),
    abandonExplanation: a.abandonExplanation ?? '', newAction: false, version: a.version,
  };
}

