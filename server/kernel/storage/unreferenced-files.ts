import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf } from '../db/sql';
import { registeredFileReferences } from './file-references';

const BATCH = 500;

/** SQL condition: no row points to the stored file `f` (foreign keys read from the catalogue, then the declared references). */
async function unusedCondition(m: EntityManager): Promise<string> {
  const fks = rowsOf<{ tbl: string; col: string }>(await m.query(
    `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'stored_file'::regclass ORDER BY 1, 2`));
  return [
    ...fks.map((fk) => `NOT EXISTS (SELECT 1 FROM ${fk.tbl} r WHERE r."${fk.col}" = f.id)`),
    ...registeredFileReferences().map((ref) => `NOT EXISTS (SELECT 1 FROM (${ref.sql}) r WHERE r.file_id = f.id)`),
  ].join(' AND ') || 'TRUE';
}

/**
 * Deletes the attachments created before `createdBefore` that no record points to any more (a
 * link removed, a record purged from the trash, a logo replaced, a row left by a crash before its
 * record was saved); the deletion trigger queues their objects for removal. Returns how many.
 * The rows are locked before the second check, so a record linking one of them meanwhile either
 * waits and keeps it, or is seen.
 */
export async function removeUnreferencedFiles(ds: DataSource, createdBefore: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const count = await ds.transaction(async (m) => {
      const unused = await unusedCondition(m);
      const ids = rowsOf<{ id: number }>(await m.query(
        `SELECT f.id FROM stored_file f WHERE f.kind = 'attachment' AND f.state <> 'pending' AND f.created_at < $1 AND ${unused}
          ORDER BY f.id LIMIT ${BATCH} FOR UPDATE OF f SKIP LOCKED`, [createdBefore])).map((r) => r.id);
      if (!ids.length) return 0;
      return rowsOf(await m.query(`DELETE FROM stored_file f WHERE f.id = ANY($1) AND ${unused} RETURNING f.id`, [ids])).length;
    });
    removed += count;
    if (count < BATCH) return removed;
  }
}
