import type { DataSource } from 'typeorm';
import { moveOnce } from './promote';
import { StorageNotFoundError, type Storage } from './storage';

const BATCH = 200;

/** Outcome of {@link finishPendingFiles}. */
export interface PendingReport {
  /** Rows now `stored` (moved now, or found already moved). */
  stored: number;
  /** Rows whose temporary and final objects are both gone, now `missing`. */
  missing: number;
}

/**
 * Settles the rows still `pending` (committed, the move from `tmp_key` not confirmed): finishes
 * the move a crash cut short, marks `stored` the ones already moved, and flags `missing` those
 * whose file is nowhere (their downloads answer 404).
 */
export async function finishPendingFiles(ds: DataSource, storage: Storage): Promise<PendingReport> {
  const report: PendingReport = { stored: 0, missing: 0 };
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; storage_key: string; tmp_key: string }> = await ds.query(
      `SELECT id, storage_key, tmp_key FROM stored_file WHERE state = 'pending' AND id > $1 ORDER BY id LIMIT ${BATCH}`, [after]);
    for (const row of rows) {
      let state: 'stored' | 'missing' = 'stored';
      try {
        await moveOnce(storage, row.tmp_key, row.storage_key);
      } catch (err) {
        if (!(err instanceof StorageNotFoundError)) throw err;
        state = 'missing';
        console.error(`[storage] fichier perdu : stored_file ${row.id} (${row.storage_key})`);
      }
      await ds.query(`UPDATE stored_file SET state = $2, tmp_key = NULL WHERE id = $1 AND state = 'pending'`, [row.id, state]);
      report[state]++;
    }
    if (rows.length < BATCH) return report;
    after = rows[rows.length - 1].id;
  }
}
