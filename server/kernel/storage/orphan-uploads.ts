import type { DataSource } from 'typeorm';
import type { Storage } from './storage';

/**
 * Deletes the temporary uploads last written before `writtenBefore` that no `pending` row waits
 * for (their row never committed); returns how many.
 */
export async function purgeOrphanUploads(ds: DataSource, storage: Storage, writtenBefore: Date): Promise<number> {
  const stale: string[] = [];
  for await (const object of storage.list('tmp/')) {
    if (object.modifiedAt.getTime() < writtenBefore.getTime()) stale.push(object.key);
  }
  if (!stale.length) return 0;
  const claimed = new Set((await ds.query('SELECT tmp_key FROM stored_file WHERE tmp_key = ANY($1)', [stale]) as Array<{ tmp_key: string }>).map((r) => r.tmp_key));
  const orphans = stale.filter((key) => !claimed.has(key));
  for (const key of orphans) await storage.delete(key);
  return orphans.length;
}
