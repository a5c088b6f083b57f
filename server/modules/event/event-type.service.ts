import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete } from '../../kernel/trash/trash';
import { findNomenclatureItem } from '../nomenclature/nomenclature.service';
import { createQuestionnaire } from '../questionnaire/questionnaire.service';
import type { EventTypeInput } from './event.schema';
import { rowsOf } from '../../kernel/db/sql';

type Db = DataSource | EntityManager;

/** A custom event type as the admin and the forms use it. */
export interface EventTypeRow {
  id: number; name: string; menuLabel: string; active: boolean; domainId: number | null;
  showService: boolean; showSupervisor: boolean; showCollaborators: boolean; showPerformers: boolean;
  showDomains: boolean; showObservations: boolean; showFiles: boolean; showConfidential: boolean;
  autoAction: boolean; autoActionText: string; questionnaireId: number | null; version: number;
  /** Events recorded with the type (not in the trash). */
  eventCount: number;
}

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type TypeSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

const COLUMNS: Array<[keyof EventTypeInput, string]> = [
  ['name', 'name'], ['menuLabel', 'menu_label'], ['active', 'active'], ['domainId', 'domain_id'],
  ['showService', 'show_service'], ['showSupervisor', 'show_supervisor'], ['showCollaborators', 'show_collaborators'],
  ['showPerformers', 'show_performers'], ['showDomains', 'show_domains'], ['showObservations', 'show_observations'],
  ['showFiles', 'show_files'], ['showConfidential', 'show_confidential'], ['autoAction', 'auto_action'], ['autoActionText', 'auto_action_text'],
];

function toRow(r: Record<string, any>): EventTypeRow {
  return {
    id: r.id, name: r.name, menuLabel: r.menu_label, active: r.active, domainId: r.domain_id,
    showService: r.show_service, showSupervisor: r.show_supervisor, showCollaborators: r.show_collaborators, showPerformers: r.show_performers,
    showDomains: r.show_domains, showObservations: r.show_observations, showFiles: r.show_files, showConfidential: r.show_confidential,
    autoAction: r.auto_action, autoActionText: r.auto_action_text ?? '', questionnaireId: r.questionnaire_id, version: r.version,
    eventCount: r.event_count ?? 0,
  };
}

/** The company's custom types by menu label (`activeOnly`: those offered in the "add" menu). */
export async function listEventTypes(db: Db, tenantId: number, opts: { activeOnly?: boolean } = {}): Promise<EventTypeRow[]> {
  const rows = await db.query(
    `SELECT t.*, (SELECT count(*)::int FROM event e WHERE e.event_type_id = t.id AND e.deleted_at IS NULL) AS event_count
       FROM event_type t WHERE t.tenant_id = $1 AND t.deleted_at IS NULL ${opts.activeOnly ? 'AND t.active' : ''}
      ORDER BY lower(t.menu_label), t.id`, [tenantId]);
  return rows.map(toRow);
}

/** One type of the company, or null (`withRetired`: also a type in the trash, for the events that have it). */
export async function findEventType(db: Db, tenantId: number, id: number, opts: { withRetired?: boolean } = {}): Promise<EventTypeRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await db.query(`SELECT t.* FROM event_type t WHERE t.id = $1 AND t.tenant_id = $2 ${opts.withRetired ? '' : 'AND t.deleted_at IS NULL'}`, [id, tenantId]);
  return r ? toRow(r) : null;
}

/**
 * Creates (with its empty questionnaire, edited in the questionnaire editor) or updates a type.
 * The domain must be one of the company's; an automatic action needs its text.
 */
export async function saveEventType(db: DataSource, tenantId: number, id: number | null, input: EventTypeInput): Promise<TypeSaveResult> {
  return db.transaction(async (m) => {
    const errors: Record<string, FieldError> = {};
    if (input.domainId !== null && !(await findNomenclatureItem(m, tenantId, 'domain', input.domainId, { withRetired: id !== null }))) errors.domainId = 'validation.choice';
    if (input.autoAction && !input.autoActionText) errors.autoActionText = 'validation.required';
    if (Object.keys(errors).length) return { ok: false, errors };
    const values = COLUMNS.map(([field]) => { const v = input[field]; return v === '' ? null : v; });
    if (id === null) {
      const questionnaireId = await createQuestionnaire(m, tenantId, { name: input.name, ownerType: 'event_type' });
      const cols = COLUMNS.map(([, c]) => c).join(', ');
      const marks = COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
      const [row] = await m.query(
        `INSERT INTO event_type (${cols}, questionnaire_id, tenant_id) VALUES (${marks}, $${values.length + 1}, $${values.length + 2}) RETURNING id`,
        [...values, questionnaireId, tenantId]);
      return { ok: true, id: row.id };
    }
    const n = values.length;
    const sets = COLUMNS.map(([, c], i) => `${c} = $${i + 1}`).join(', ');
    const updated = rowsOf(await m.query(
      `UPDATE event_type SET ${sets}, version = version + 1 WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} AND deleted_at IS NULL RETURNING id`,
      [...values, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a type to the trash; its events keep it (they still show its questions) and it leaves the "add" menu. */
export async function removeEventType(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [t] = await m.query('SELECT name FROM event_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!t) return false;
    return softDelete(m, { table: 'event_type', id, tenantId, title: t.name, userId });
  });
}
