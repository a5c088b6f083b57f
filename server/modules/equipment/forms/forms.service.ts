import type { DataSource } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';
import { rowsOf } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import { createQuestionnaire } from '../../questionnaire/questionnaire.service';
import type { VgpFormInput } from './forms.schema';

/** Owner type of the questionnaires used as control forms (model groups, checkpoints, answers). */
export const VGP_FORM_OWNER = 'vgp_form';

/** A control form as listed: its structure and what uses it. */
export interface VgpFormRow {
  id: number;
  name: string;
  groupCount: number;
  checkpointCount: number;
  /** Controls to carry out (`vgp_controllable`, archived ones included) that use the form. */
  controllableCount: number;
  /** Controls carried out (`vgp_control`) on the form. */
  controlCount: number;
  version: number;
}

// Counts per form in one pass over the company's rows (no index on form_id: one scan, not one per form).
const SELECT = `SELECT n.id, n.name, n.version,
    (SELECT count(*)::int FROM questionnaire_group g WHERE g.questionnaire_id = n.id AND g.deleted_at IS NULL) AS group_count,
    (SELECT count(*)::int FROM questionnaire_question q JOIN questionnaire_group g ON g.id = q.group_id AND g.deleted_at IS NULL
      WHERE g.questionnaire_id = n.id AND q.deleted_at IS NULL) AS checkpoint_count,
    coalesce(c.n, 0)::int AS controllable_count, coalesce(k.n, 0)::int AS control_count
  FROM questionnaire n
  LEFT JOIN (SELECT form_id, count(*) AS n FROM vgp_controllable WHERE tenant_id = $1 AND form_id IS NOT NULL GROUP BY form_id) c ON c.form_id = n.id
  LEFT JOIN (SELECT form_id, count(*) AS n FROM vgp_control WHERE tenant_id = $1 AND form_id IS NOT NULL GROUP BY form_id) k ON k.form_id = n.id
  WHERE n.tenant_id = $1 AND n.owner_type = '${VGP_FORM_OWNER}' AND n.deleted_at IS NULL`;

const toRow = (r: Record<string, any>): VgpFormRow => ({
  id: r.id, name: r.name, groupCount: r.group_count, checkpointCount: r.checkpoint_count,
  controllableCount: r.controllable_count, controlCount: r.control_count, version: r.version,
});

/** The company's control forms, by name. */
export async function listVgpForms(db: Db, tenantId: number): Promise<VgpFormRow[]> {
  return (await db.query(`${SELECT} ORDER BY lower(n.name), n.id`, [tenantId])).map(toRow);
}

/** A live control form of the company, or null (another company's, another owner's or in the trash). */
export async function findVgpForm(db: Db, tenantId: number, id: number): Promise<VgpFormRow | null> {
  const [r] = await db.query(`${SELECT} AND n.id = $2`, [tenantId, id]);
  return r ? toRow(r) : null;
}

/** Creates an empty control form (a questionnaire of owner `vgp_form`); returns its id. */
export async function createVgpForm(db: DataSource, tenantId: number, input: VgpFormInput): Promise<number> {
  return db.transaction((m) => createQuestionnaire(m, tenantId, { name: input.name, ownerType: VGP_FORM_OWNER }));
}

/** Renames a control form; false when the version is stale (or the form gone). */
export async function renameVgpForm(db: Db, tenantId: number, id: number, input: VgpFormInput): Promise<boolean> {
  return rowsOf(await db.query(
    `UPDATE questionnaire SET name = $1, version = version + 1
      WHERE id = $2 AND tenant_id = $3 AND owner_type = '${VGP_FORM_OWNER}' AND version = $4 AND deleted_at IS NULL RETURNING id`,
    [input.name, id, tenantId, input.version])).length > 0;
}

/** Outcome of a removal. */
export type RemoveResult = 'removed' | 'in_use' | 'not_found';

/**
 * Moves a control form to the shared trash, refused while a control to carry out or a control
 * carried out uses it (archived ones included: they keep their form).
 */
export async function removeVgpForm(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<RemoveResult> {
  return db.transaction(async (m) => {
    const [form] = await m.query(
      `SELECT name FROM questionnaire WHERE id = $1 AND tenant_id = $2 AND owner_type = '${VGP_FORM_OWNER}' AND deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!form) return 'not_found';
    const [used] = await m.query(
      `SELECT 1 FROM vgp_controllable WHERE form_id = $1 AND tenant_id = $2
       UNION ALL SELECT 1 FROM vgp_control WHERE form_id = $1 AND tenant_id = $2 LIMIT 1`, [id, tenantId]);
    if (used) return 'in_use';
    return (await softDelete(m, { table: 'questionnaire', id, tenantId, title: form.name, userId })) ? 'removed' : 'not_found';
  });
}
