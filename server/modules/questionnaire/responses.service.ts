import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { promoteAfterCommit, tenantKey, tmpKey, type FileReference } from '../../kernel/storage';
import { extensionPoint } from '../../kernel/extension';
import { userInTenant } from '../../kernel/tenancy';
import type { StagedUpload } from '../../kernel/uploads';
import { attachUserLabels, isKeepMarker, isPendingFile, userLabelsOf, type DrawnSignature } from './parse-responses';
import { questionsOf, type Db } from './tree.service';
import { storage } from './questionnaire.uploads';
import { decodePngDataUrl } from '../user-signature/png';
import type { FileAnswer, QuestionnaireQuestion, QuestionnaireTree, ResponseValues, SignatureAnswer } from './questionnaire.types';

/** File and signature answers point to their stored file from the JSON value: declared so the storage reconciliation keeps them. */
export const RESPONSE_FILE_REFERENCE: FileReference = { name: 'questionnaire_response.value', sql: "SELECT (value->>'fileId')::int AS file_id FROM questionnaire_response WHERE value ? 'fileId'" };

/**
 * Stores a drawn signature (`Buffer`) or an uploaded file (staged under `tmp/`): the row is written
 * `pending` with the temporary key, and the object reaches its final key only once the caller's
 * transaction commits. A rolled-back save leaves a temporary orphan (purged), never a final object
 * nobody owns; a crash in between leaves a `pending` row the storage reconciliation finishes.
 */
async function storeFile(em: EntityManager, tenantId: number, name: string, content: Buffer | StagedUpload, mimeType: string): Promise<{ id: number; key: string }> {
  const key = tenantKey(tenantId, name);
  const size = Buffer.isBuffer(content) ? content.length : content.sizeBytes;
  let staged: string;
  if (Buffer.isBuffer(content)) {
    staged = tmpKey();
    await storage.put(staged, content, { contentType: mimeType });
  } else {
    staged = content.tmpKey;
  }
  const [row] = await em.query(
    `INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes, state, tmp_key) VALUES ($1, $2, $3, $4, $5, 'pending', $6) RETURNING id`,
    [tenantId, key, name.slice(0, 255), mimeType, size, staged]);
  promoteAfterCommit(em, storage, { id: row.id, tmpKey: staged, storageKey: key });
  return { id: row.id, key };
}

function isDrawnSignature(q: QuestionnaireQuestion, value: unknown): value is DrawnSignature {
  return q.answerType === 'signature' && !!value && typeof value === 'object' && typeof (value as DrawnSignature).image === 'string' && (value as DrawnSignature).image.startsWith('data:');
}

/** The value as stored: new files and drawings go to the storage first. */
async function storedValue(em: EntityManager, tenantId: number, q: QuestionnaireQuestion, value: unknown): Promise<unknown> {
  if (isPendingFile(value)) {
    const { upload, name } = value;
    const file = await storeFile(em, tenantId, name, upload, upload.mimeType);
    return { key: file.key, name, fileId: file.id, mimeType: upload.mimeType, sizeBytes: upload.sizeBytes } satisfies FileAnswer;
  }
  if (isDrawnSignature(q, value)) {
    const png = decodePngDataUrl(value.image);
    if (!png) return undefined;
    const file = await storeFile(em, tenantId, `signature-${q.id}.png`, png, 'image/png');
    return { image: file.key, fileId: file.id, signedAt: value.signedAt } satisfies SignatureAnswer;
  }
  return value;
}

/**
 * Stores the answers of one subject (e.g. `'event'`, 42) to the questions of `tree`, in the caller's
 * transaction: one row per answered question (replaced on each save), questions without a value are
 * cleared, a `keep` marker leaves the stored file or signature as it is. New files and drawn signatures
 * are written to the kernel storage with a `stored_file` row. Call `validateTenantReferences` first.
 */
export async function saveResponses(em: EntityManager, tenantId: number, tree: QuestionnaireTree, subjectType: string, subjectId: number, values: ResponseValues): Promise<void> {
  const now = clock.now();
  for (const q of questionsOf(tree)) {
    const value = values[q.id];
    if (isKeepMarker(value)) continue;
    const stored = value === undefined || value === null ? undefined : await storedValue(em, tenantId, q, value);
    if (stored === undefined) {
      await em.query('DELETE FROM questionnaire_response WHERE tenant_id = $1 AND subject_type = $2 AND subject_id = $3 AND question_id = $4', [tenantId, subjectType, subjectId, q.id]);
      continue;
    }
    await em.query(
      `INSERT INTO questionnaire_response (tenant_id, questionnaire_id, subject_type, subject_id, question_id, value, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
       ON CONFLICT (tenant_id, subject_type, subject_id, question_id) DO UPDATE SET value = EXCLUDED.value, questionnaire_id = EXCLUDED.questionnaire_id, updated_at = EXCLUDED.updated_at`,
      [tenantId, tree.id, subjectType, subjectId, q.id, JSON.stringify(stored), now]);
  }
}

/**
 * The stored answers of one subject, keyed by question id (see `ResponseValues`). The names of the
 * users answered are attached to the result (read by the `_fill` and `_show` partials).
 */
export async function loadResponses(em: Db, tenantId: number, subjectType: string, subjectId: number): Promise<ResponseValues> {
  const rows: Array<{ question_id: number; value: unknown; answer_type: string }> = await em.query(
    `SELECT r.question_id, r.value, q.answer_type FROM questionnaire_response r JOIN questionnaire_question q ON q.id = r.question_id
      WHERE r.tenant_id = $1 AND r.subject_type = $2 AND r.subject_id = $3`, [tenantId, subjectType, subjectId]);
  const values: ResponseValues = {};
  const userIds = new Set<number>();
  for (const r of rows) {
    values[r.question_id] = r.value;
    if (r.answer_type === 'user' || r.answer_type === 'multi_user') for (const id of [r.value].flat()) if (typeof id === 'number') userIds.add(id);
  }
  return attachUserLabels(values, await userNames(em, [...userIds]));
}

/** "Prénom Nom" (or the username) of users, by id. */
export async function userNames(em: Db, ids: number[]): Promise<Record<number, string>> {
  if (!ids.length) return {};
  const rows: Array<{ id: number; first_name: string | null; last_name: string | null; username: string }> = await em.query(
    'SELECT id, first_name, last_name, username FROM app_user WHERE id = ANY($1)', [ids]);
  return Object.fromEntries(rows.map((u) => [u.id, `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || u.username]));
}

/**
 * Checks what the form refers to: users answered must be users of the company, and a kept file or
 * signature must be one stored for that question in this company. Returns errors per question
 * (translation keys); also replaces the typed user names by the real ones.
 */
export async function validateTenantReferences(em: EntityManager, tenantId: number, tree: QuestionnaireTree, values: ResponseValues): Promise<Record<number, string>> {
  const errors: Record<number, string> = {};
  const labels = userLabelsOf(values);
  for (const q of questionsOf(tree)) {
    const value = values[q.id];
    if (value === undefined) continue;
    if (q.answerType === 'user' || q.answerType === 'multi_user') {
      const ids = [value].flat().filter((id): id is number => typeof id === 'number');
      const found: Array<{ id: number }> = ids.length ? await em.query(`SELECT u.id FROM app_user u WHERE u.id = ANY($2) AND ${userInTenant('u', '$1')}`, [tenantId, ids]) : [];
      if (found.length !== ids.length) errors[q.id] = 'questionnaire.errors.user';
      Object.assign(labels, await userNames(em, found.map((f) => f.id)));
    } else if (isKeepMarker(value)) {
      const [row] = await em.query(
        `SELECT 1 FROM questionnaire_response WHERE tenant_id = $1 AND question_id = $2 AND value->>'fileId' = $3`, [tenantId, q.id, String(value.fileId)]);
      if (!row) errors[q.id] = 'validation.invalid';
    }
  }
  attachUserLabels(values, labels);
  return errors;
}

/** A stored file answered in this company (file or signature), with the subject it belongs to; null otherwise. */
export async function findResponseFile(db: Db, tenantId: number, fileId: number): Promise<{ subjectType: string; subjectId: number } | null> {
  const [row] = await db.query(
    `SELECT r.subject_type, r.subject_id FROM questionnaire_response r JOIN stored_file f ON f.id = $2 AND f.tenant_id = r.tenant_id
      WHERE r.tenant_id = $1 AND r.value->>'fileId' = $3 LIMIT 1`, [tenantId, fileId, String(fileId)]);
  return row ? { subjectType: row.subject_type, subjectId: row.subject_id } : null;
}

/** Who may download the files answered for a subject type (the owning module's rule). */
export type ResponseAccessCheck = (req: Request, subjectId: number) => Promise<boolean>;
const accessChecks = new Map<string, ResponseAccessCheck>();

/**
 * Lets the module owning a subject type decide who may download its answered files and signatures
 * (route `questionnaire_response_file`). Without a check, nobody may: a file is served only with
 * the rights of the record that owns it.
 */
export function registerResponseAccess(subjectType: string, check: ResponseAccessCheck): void {
  accessChecks.set(subjectType, check);
}

/** A subject type's download rule, declared as data. */
export interface ResponseAccessDef {
  subjectType: string;
  check: ResponseAccessCheck;
}

/** Download rules of answered files: the module owning a subject type contributes `{ subjectType, check }`. */
export const responseAccess = extensionPoint<ResponseAccessDef>('questionnaire:response_access', (def) => registerResponseAccess(def.subjectType, def.check));

/** The registered check of a subject type, or null. */
export function responseAccessCheck(subjectType: string): ResponseAccessCheck | null {
  return accessChecks.get(subjectType) ?? null;
}

/**
 * Removes every answer given on these subjects (a purge from the trash: the answers have no foreign
 * key to their subject). Stored files they pointed to become orphans for the storage clean-up job.
 */
export async function deleteResponsesOf(em: EntityManager, tenantId: number, subjectTypes: string[], subjectIds: number[]): Promise<void> {
  if (!subjectTypes.length || !subjectIds.length) return;
  await em.query('DELETE FROM questionnaire_response WHERE tenant_id = $1 AND subject_type = ANY($2::varchar[]) AND subject_id = ANY($3::int[])', [tenantId, subjectTypes, subjectIds]);
}
