import type { DataSource } from 'typeorm';
import type { Storage } from './storage';

const BATCH = 500;

/**
 * Removes from the storage the objects of deleted `stored_file` rows (queued by the deletion
 * trigger), then their queue entries; a key some row still uses is only dropped from the queue.
 * A crash between the two leaves the entry, and deleting an absent object is no error.
 */
export async function deleteQueuedFiles(ds: DataSource, storage: Storage): Promise<number> {
  await ds.query(`DELETE FROM stored_file_deletion d WHERE EXISTS (SELECT 1 FROM stored_file f WHERE f.storage_key = d.storage_key)
    OR EXISTS (SELECT 1 FROM stored_file f WHERE f.state = 'pending' AND f.tmp_key = d.storage_key)`);
  let deleted = 0;
  for (;;) {
    const rows: Array<{ storage_key: string }> = await ds.query(`SELECT storage_key FROM stored_file_deletion ORDER BY queued_at, storage_key LIMIT ${BATCH}`);
    const keys = rows.map((r) => r.storage_key);
    for (const key of keys) await storage.delete(key);
    if (keys.length) await ds.query('DELETE FROM stored_file_deletion WHERE storage_key = ANY($1)', [keys]);
    deleted += keys.length;
    if (keys.length < BATCH) return deleted;
  }
}
