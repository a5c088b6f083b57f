import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../clock';
import { recordHistory } from '../history/history.service';
import { checkTransition, WORKFLOW_MESSAGES } from './check-transition';
import type { ApplyOptions, ApplyResult, TransitionEvent, WorkflowSubject } from './workflow.types';
import type { Workflow } from './workflow';

/** Which row a transition targets: its id within the active tenant. */
export interface SubjectRef {
  id: number;
  tenantId: number;
}

/** snake_case -> camelCase, for tables without an entity. */
function camel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** camelCase -> snake_case, the naming of every column in this schema. */
export function snake(property: string): string {
  return property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Gives a raw row the entity's property names (the names guards, policies and `requires` use). */
function toSubject(manager: EntityManager, table: string, row: Record<string, unknown>): WorkflowSubject {
  const meta = manager.dataSource.entityMetadatas.find((m) => m.tableName === table);
  const byColumn = new Map(meta?.columns.map((c) => [c.databaseName, c.propertyName]) ?? []);
  const subject: WorkflowSubject = {};
  for (const [column, value] of Object.entries(row)) subject[byColumn.get(column) ?? camel(column)] = value;
  return subject;
}

/**
 * The subject `ref` as guards see it (entity property names, enriched by the definition), or
 * null when the row is not in the tenant. For drawing buttons outside a transition.
 */
export async function loadWorkflowSubject(workflow: Workflow, db: DataSource | EntityManager, ref: SubjectRef): Promise<WorkflowSubject | null> {
  const def = workflow.definition;
  if (!Number.isSafeInteger(ref.id) || !Number.isSafeInteger(ref.tenantId)) return null;
  // An EntityManager knows its dataSource; a DataSource does not.
  const manager = 'dataSource' in db ? (db as EntityManager) : (db as DataSource).manager;
  const rows: Record<string, unknown>[] = await manager.query(`SELECT * FROM "${def.subjectTable}" WHERE "id" = $1 AND "tenant_id" = $2`, [ref.id, ref.tenantId]);
  if (rows.length === 0) return null;
  const subject = toSubject(manager, def.subjectTable, rows[0]);
  if (def.enrich) await def.enrich(subject, manager);
  return subject;
}

function inTransaction(db: DataSource | EntityManager): db is EntityManager {
  return 'queryRunner' in db && !!db.queryRunner?.isTransactionActive;
}

/**
 * The body of `workflow.apply`. The `FOR UPDATE` lock serialises concurrent transitions on one
 * row: the second waits, then sees the new state and is refused with 409.
 */
export async function applyTransition(
  workflow: Workflow,
  db: DataSource | EntityManager,
  ref: SubjectRef,
  name: string,
  opts: ApplyOptions,
): Promise<ApplyResult> {
  const def = workflow.definition;
  if (!Object.prototype.hasOwnProperty.call(def.transitions, name)) {
    return { result: false, reason: WORKFLOW_MESSAGES.unknownTransition, status: 404 };
  }
  if (!Number.isSafeInteger(ref.id) || !Number.isSafeInteger(ref.tenantId)) {
    return { result: false, reason: WORKFLOW_MESSAGES.notFound, status: 404 };
  }
  const run = async (manager: EntityManager): Promise<ApplyResult> => {
    const table = def.subjectTable;
    const column = def.column ?? snake(def.property);
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT * FROM "${table}" WHERE "id" = $1 AND "tenant_id" = $2 FOR UPDATE`,
      [ref.id, ref.tenantId],
    );
    if (rows.length === 0) return { result: false, reason: WORKFLOW_MESSAGES.notFound, status: 404 };
    const row = rows[0];
    const subject = toSubject(manager, table, row);
    const from = String(row[column]);
    // The state is read from the locked row, whatever the subject property mapping says.
    subject[def.property] = from;
    if (def.enrich) await def.enrich(subject, manager);

    const comment = opts.comment ?? null;
    const check = checkTransition(def, subject, name, opts.user, { requires: true, comment });
    if (!check.ok) return { result: false, reason: check.reason, status: check.status, ...(check.field ? { field: check.field } : {}) };
    const spec = def.transitions[name];
    const signature = opts.signature ?? null;
    if (spec.signature && !signature) {
      return { result: false, reason: WORKFLOW_MESSAGES.signatureRequired, status: 200, signatureRequired: true, subject };
    }

    const now = clock.now();
    const sets = [`"${column}" = $1`];
    if ('version' in row) sets.push(`"version" = "version" + 1`);
    if ('updated_at' in row) sets.push(`"updated_at" = $4`);
    const params: unknown[] = [spec.to, ref.id, ref.tenantId];
    if ('updated_at' in row) params.push(now);
    await manager.query(`UPDATE "${table}" SET ${sets.join(', ')} WHERE "id" = $2 AND "tenant_id" = $3`, params);
    subject[def.property] = spec.to;
    if ('version' in row) subject.version = Number(row.version) + 1;
    if ('updated_at' in row) subject.updatedAt = now;

    const entry = await recordHistory(manager, {
      tenantId: ref.tenantId,
      subjectType: def.subjectType,
      subjectId: ref.id,
      workflow: def.name,
      transition: name,
      from,
      to: spec.to,
      comment: comment && comment.trim() ? comment.trim() : null,
      signature,
      // The system actor (id 0) writes rows without a user.
      userId: opts.user.id > 0 ? opts.user.id : null,
      createdAt: now,
    });

    const event: TransitionEvent = {
      workflow: def.name,
      transition: name,
      from,
      to: spec.to,
      subjectType: def.subjectType,
      subjectId: ref.id,
      tenantId: ref.tenantId,
      subject,
      user: opts.user,
      comment: entry.comment,
      signature,
      historyId: entry.id,
    };
    for (const listener of workflow.listenersOf(name)) await listener(event, manager);
    return { result: true, state: workflow.state(subject), subject, historyId: entry.id };
  };
  return inTransaction(db) ? run(db) : db.transaction(run);
}
