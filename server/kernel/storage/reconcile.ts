import type { DataSource } from 'typeorm';
import { clock } from '../clock';
import { deleteQueuedFiles } from './deletion-queue';
import { purgeOrphanUploads } from './orphan-uploads';
import { finishPendingFiles } from './pending-files';
import { ORPHAN_AGE_MS } from './promote';
import type { Storage } from './storage';
import { removeUnreferencedFiles } from './unreferenced-files';

/** What one reconciliation did. */
export interface ReconcileReport {
  /** Pending rows whose move was finished or confirmed. */
  stored: number;
  /** Pending rows whose file is nowhere, flagged `missing`. */
  missing: number;
  /** Temporary uploads no row claimed, deleted. */
  orphanUploads: number;
  /** Attachments no record uses any more, deleted with their rows. */
  unreferenced: number;
  /** Objects of deleted rows removed from the storage. */
  deletedObjects: number;
}

/**
 * Brings the storage and the `stored_file` rows back in agreement, in an order that never loses
 * a file a record uses: finish the interrupted moves first, then drop the temporary uploads and
 * the rows nobody claimed for {@link ORPHAN_AGE_MS}, then the objects of deleted rows.
 */
export async function reconcileStorage(ds: DataSource, storage: Storage): Promise<ReconcileReport> {
  const before = new Date(clock.now().getTime() - ORPHAN_AGE_MS);
  const pending = await finishPendingFiles(ds, storage);
  const orphanUploads = await purgeOrphanUploads(ds, storage, before);
  const unreferenced = await removeUnreferencedFiles(ds, before);
  const deletedObjects = await deleteQueuedFiles(ds, storage);
  return { ...pending, orphanUploads, unreferenced, deletedObjects };
}
