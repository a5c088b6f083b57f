import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete } from '../../kernel/trash/trash';
import type { DocumentAddedBy } from './document-type.entity';
import type { DocumentTypeInput } from './plan-document.schema';
import { rowsOf } from '../../kernel/db/sql';

type Db = DataSource | EntityManager;

/** A document type as the admin list, the plan tab and the requirement rules read it. */
export interface DocumentTypeRow {
  id: number;
  label: string;
  blankFileId: number | null;
  blankFileName: string | null;
  addedBy: DocumentAddedBy;
  nominative: boolean;
  editableModel: boolean;
  mandatoryAllPlans: boolean;
  mandatoryContacts: boolean;
  mandatoryCompanies: boolean;
  toSign: boolean;
  active: boolean;
  version: number;
}

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type TypeSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

const FLAGS: Array<[keyof DocumentTypeInput & keyof DocumentTypeRow, string]> = [
  ['label', 'label'], ['addedBy', 'added_by'], ['nominative', 'nominative'], ['editableModel', 'editable_model'],
  ['mandatoryAllPlans', 'mandatory_all_plans'], ['mandatoryContacts', 'mandatory_contacts'], ['mandatoryCompanies', 'mandatory_companies'],
  ['toSign', 'to_sign'], ['active', 'active'],
];

const SELECT = `SELECT d.*, f.original_name AS blank_file_name FROM document_type d LEFT JOIN stored_file f ON f.id = d.blank_file_id AND f.tenant_id = d.tenant_id`;

function toRow(r: Record<string, any>): DocumentTypeRow {
  return {
    id: r.id, label: r.label, blankFileId: r.blank_file_id, blankFileName: r.blank_file_name ?? null, addedBy: r.added_by,
    nominative: r.nominative, editableModel: r.editable_model, mandatoryAllPlans: r.mandatory_all_plans,
    mandatoryContacts: r.mandatory_contacts, mandatoryCompanies: r.mandatory_companies, toSign: r.to_sign, active: r.active, version: r.version,
  };
}

/** The company's document types by label (`activeOnly`: those offered in the forms). */
export async function listDocumentTypes(db: Db, tenantId: number, opts: { activeOnly?: boolean } = {}): Promise<DocumentTypeRow[]> {
  const rows = await db.query(`${SELECT} WHERE d.tenant_id = $1 AND d.deleted_at IS NULL ${opts.activeOnly ? 'AND d.active' : ''} ORDER BY lower(d.label), d.id`, [tenantId]);
  return rows.map(toRow);
}

/** One type of the company (not in the trash), or null. */
export async function findDocumentType(db: Db, tenantId: number, id: number): Promise<DocumentTypeRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await db.query(`${SELECT} WHERE d.id = $1 AND d.tenant_id = $2 AND d.deleted_at IS NULL`, [id, tenantId]);
  return r ? toRow(r) : null;
}

/**
 * Creates or updates a type. The label is unique per company among types not in the trash;
 * `blankFileId` replaces the blank file (undefined keeps it, `removeBlankFile` drops it).
 */
export async function saveDocumentType(db: DataSource, tenantId: number, id: number | null, input: DocumentTypeInput, blankFileId?: number): Promise<TypeSaveResult> {
  return db.transaction(async (m) => {
    const [taken] = await m.query(
      'SELECT 1 FROM document_type WHERE tenant_id = $1 AND lower(label) = lower($2) AND deleted_at IS NULL AND ($3::int IS NULL OR id <> $3)',
      [tenantId, input.label, id]);
    if (taken) return { ok: false, errors: { label: 'plan-document.validation.label_taken' } };
    const values = FLAGS.map(([field]) => input[field]);
    const n = values.length;
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO document_type (${FLAGS.map(([, c]) => c).join(', ')}, blank_file_id, tenant_id) VALUES (${FLAGS.map((_, i) => `$${i + 1}`).join(', ')}, $${n + 1}, $${n + 2}) RETURNING id`,
        [...values, blankFileId ?? null, tenantId]);
      return { ok: true, id: row.id };
    }
    const blank = blankFileId !== undefined ? `, blank_file_id = ${Number(blankFileId)}` : input.removeBlankFile ? ', blank_file_id = NULL' : '';
    const updated = rowsOf(await m.query(
      `UPDATE document_type SET ${FLAGS.map(([, c], i) => `${c} = $${i + 1}`).join(', ')}${blank}, version = version + 1, updated_at = now()
        WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} AND deleted_at IS NULL RETURNING id`,
      [...values, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a type to the trash; documents already given keep it, it is no longer required nor offered. */
export async function removeDocumentType(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [t] = await m.query('SELECT label FROM document_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!t) return false;
    return softDelete(m, { table: 'document_type', id, tenantId, title: t.label, userId });
  });
}
