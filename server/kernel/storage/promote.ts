import type { EntityManager } from 'typeorm';
import { afterCommit } from '../db/after-commit';
import { assertSafeKey } from './keys';
import { StorageNotFoundError, type Storage } from './storage';

/** Temporary uploads, and rows no record uses, older than this are orphans (their business row never came). */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Name of the job that reconciles the storage with the `stored_file` rows (orphans, unfinished moves, deletions). */
export const PURGE_ORPHANS_JOB = 'storage.purge_orphans';

/**
 * Moves `from` to `to` unless that already happened: another process (the request, or the
 * reconciliation after a crash) may be finishing the same move. Rejects with
 * {@link StorageNotFoundError} only when neither object exists.
 */
export async function moveOnce(storage: Storage, from: string, to: string): Promise<void> {
  if (await storage.exists(to)) return;
  try {
    await storage.move(from, to);
  } catch (err) {
    if (!(err instanceof StorageNotFoundError) || !(await storage.exists(to))) throw err;
  }
}

/**
 * Moves an upload from its temporary key to its final key. Call it after the row pointing to
 * `finalKey` has committed: if the transaction rolled back, the temporary file stays an orphan
 * and the reconciliation removes it; if the process dies before the move, the reconciliation
 * finishes it (the row is `pending` with its `tmp_key`).
 */
export async function promoteUpload(storage: Storage, tmpKey: string, finalKey: string): Promise<void> {
  assertSafeKey(tmpKey);
  assertSafeKey(finalKey);
  if (!tmpKey.startsWith('tmp/')) throw new Error(`Clé temporaire attendue : ${tmpKey}`);
  if (finalKey.startsWith('tmp/')) throw new Error(`Clé définitive attendue : ${finalKey}`);
  await moveOnce(storage, tmpKey, finalKey);
}

/**
 * For a `pending` row written with `manager`: once its transaction commits, moves the upload
 * from `tmpKey` to the row's final key and marks the row `stored`; nothing happens on a rollback
 * (the temporary object stays an orphan for the reconciliation), and a crash in between leaves a
 * `pending` row that the reconciliation finishes.
 */
export function promoteAfterCommit(manager: EntityManager, storage: Storage, file: { id: number; tmpKey: string; storageKey: string }): void {
  afterCommit(manager, async (m) => {
    await promoteUpload(storage, file.tmpKey, file.storageKey);
    await m.query(`UPDATE stored_file SET state = 'stored', tmp_key = NULL WHERE id = $1 AND state = 'pending'`, [file.id]);
  });
}
