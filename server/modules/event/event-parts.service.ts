import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import type { StoredFile } from '../../kernel/storage';
import { findingKindsOf } from './event.kinds';
import { isAuditFinding, type FindingInput } from './event.schema';
import { rowsOf } from '../../kernel/db/sql';

type Db = DataSource | EntityManager;
/** An observation of a visit or a finding of an audit. */
export interface FindingRow { id: number; eventId: number; kind: string; description: string; riskPerception: string | null; position: number; version: number }

const toFinding = (r: any): FindingRow => ({ id: r.id, eventId: r.event_id, kind: r.kind, description: r.description, riskPerception: r.risk_perception, position: r.position, version: r.version });

/** The event's observations or findings, in order. */
export async function listFindings(db: Db, tenantId: number, eventId: number): Promise<FindingRow[]> {
  const rows = await db.query('SELECT * FROM event_finding WHERE event_id = $1 AND tenant_id = $2 ORDER BY position, id', [eventId, tenantId]);
  return rows.map(toFinding);
}

/** One finding of the company whose event is not in the trash, or null. */
export async function findFinding(db: Db, tenantId: number, id: number): Promise<FindingRow | null> {
  const [r] = await db.query(
    'SELECT f.* FROM event_finding f JOIN event e ON e.id = f.event_id AND e.deleted_at IS NULL WHERE f.id = $1 AND f.tenant_id = $2', [id, tenantId]);
  return r ? toFinding(r) : null;
}

/**
 * Adds (id null) or updates a finding of an event of `kind`: the kind must be one the event
 * offers; a visit observation carries a risk perception code, an audit finding none.
 */
export async function saveFinding(db: DataSource, tenantId: number, event: { id: number; kind: string }, id: number | null, input: FindingInput, userId: number):
  Promise<{ ok: true } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true }> {
  if (!findingKindsOf(event.kind).includes(input.kind)) return { ok: false, errors: { kind: 'validation.choice' } };
  const audit = isAuditFinding(input.kind);
  if (!audit && !input.riskPerception) return { ok: false, errors: { riskPerception: 'validation.required' } };
  const risk = audit ? null : input.riskPerception ?? null;
  return db.transaction(async (m) => {
    if (id === null) {
      await m.query(
        `INSERT INTO event_finding (tenant_id, event_id, kind, description, risk_perception, position)
         VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(position), 0) + 1 FROM event_finding WHERE event_id = $2))`,
        [tenantId, event.id, input.kind, input.description, risk]);
      await recordHistory(m, { tenantId, subjectType: 'event', subjectId: event.id, transition: 'finding_added', userId });
      return { ok: true };
    }
    const updated = rowsOf(await m.query(
      `UPDATE event_finding SET kind = $1, description = $2, risk_perception = $3, version = version + 1
        WHERE id = $4 AND tenant_id = $5 AND event_id = $6 AND version = $7 RETURNING id`,
      [input.kind, input.description, risk, id, tenantId, event.id, input.version]));
    return updated.length ? { ok: true } : { ok: false, stale: true };
  });
}

/** Deletes a finding for good (it has no life outside its event). */
export async function removeFinding(db: DataSource, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query(
    `DELETE FROM event_finding x WHERE x.id = $1 AND x.tenant_id = $2
        AND EXISTS (SELECT 1 FROM event e WHERE e.id = x.event_id AND e.deleted_at IS NULL) RETURNING x.id`, [id, tenantId])).length > 0;
}

/** A file joined to an event. */
export interface EventFileRow { id: number; eventId: number; fileId: number; label: string; sizeBytes: number; mimeType: string; createdAt: Date }

/** The event's files, newest last. */
export async function listEventFiles(db: Db, tenantId: number, eventId: number): Promise<EventFileRow[]> {
  const rows = await db.query(
    `SELECT x.id, x.event_id, x.file_id, x.label, x.created_at, f.size_bytes, f.mime_type FROM event_file x JOIN stored_file f ON f.id = x.file_id
      WHERE x.event_id = $1 AND x.tenant_id = $2 ORDER BY x.created_at, x.id`, [eventId, tenantId]);
  return rows.map((r: any) => ({ id: r.id, eventId: r.event_id, fileId: r.file_id, label: r.label, sizeBytes: Number(r.size_bytes), mimeType: r.mime_type, createdAt: r.created_at }));
}

/** One file link of the company whose event is not in the trash, or null. */
export async function findEventFile(db: Db, tenantId: number, id: number): Promise<EventFileRow | null> {
  const [r] = await db.query(
    `SELECT x.id, x.event_id, x.file_id, x.label, x.created_at, f.size_bytes, f.mime_type FROM event_file x JOIN stored_file f ON f.id = x.file_id
       JOIN event e ON e.id = x.event_id AND e.deleted_at IS NULL WHERE x.id = $1 AND x.tenant_id = $2`, [id, tenantId]);
  return r ? { id: r.id, eventId: r.event_id, fileId: r.file_id, label: r.label, sizeBytes: Number(r.size_bytes), mimeType: r.mime_type, createdAt: r.created_at } : null;
}

/** Joins stored files to an event. */
export async function addEventFiles(db: DataSource, tenantId: number, eventId: number, files: StoredFile[], userId: number): Promise<void> {
  await db.transaction(async (m) => {
    for (const f of files) await m.query('INSERT INTO event_file (tenant_id, event_id, file_id, label) VALUES ($1, $2, $3, $4)', [tenantId, eventId, f.id, f.originalName]);
    await recordHistory(m, { tenantId, subjectType: 'event', subjectId: eventId, transition: 'files_added', userId });
  });
}

/** Removes a file from its event (the stored file stays, like the other modules' documents). */
export async function removeEventFile(db: DataSource, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query(
    `DELETE FROM event_file x WHERE x.id = $1 AND x.tenant_id = $2
        AND EXISTS (SELECT 1 FROM event e WHERE e.id = x.event_id AND e.deleted_at IS NULL) RETURNING x.id`, [id, tenantId])).length > 0;
}
