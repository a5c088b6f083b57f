import { clock } from '../clock';
import { assertSafeKey } from './keys';
import type { Storage } from './storage';

/** Temporary uploads older than this are orphans (their row never committed). */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Name of the job that removes orphan temporary uploads. */
export const PURGE_ORPHANS_JOB = 'storage.purge_orphans';

/**
 * Moves an upload from its temporary key to its final key. Call it after the row pointing to
 * `finalKey` has committed: if the transaction rolled back, the temporary file stays an orphan
 * and the purge job removes it.
 */
export async function promoteUpload(storage: Storage, tmpKey: string, finalKey: string): Promise<void> {
  assertSafeKey(tmpKey);
  assertSafeKey(finalKey);
  if (!tmpKey.startsWith('tmp/')) throw new Error(`Clé temporaire attendue : ${tmpKey}`);
  if (finalKey.startsWith('tmp/')) throw new Error(`Clé définitive attendue : ${finalKey}`);
  await storage.move(tmpKey, finalKey);
}

/** Deletes temporary uploads last written more than `olderThanMs` before `clock.now()`; returns how many. */
export async function purgeOrphanUploads(storage: Storage, olderThanMs = ORPHAN_AGE_MS): Promise<number> {
  const limit = clock.now().getTime() - olderThanMs;
  const stale: string[] = [];
  for await (const object of storage.list('tmp/')) {
    if (object.modifiedAt.getTime() < limit) stale.push(object.key);
  }
  for (const key of stale) await storage.delete(key);
  return stale.length;
}
