import type { EntityManager } from 'typeorm';
import { tenantKey } from '../storage/keys';
import { StoredFile } from '../storage/stored-file.entity';
import type { StagedUpload } from './upload-files';

/**
 * Inserts the `stored_file` row of a staged upload with the caller's transaction manager and
 * a fresh tenant key, `pending` under the upload's temporary key. After the transaction commits,
 * call `promoteUpload(storage, upload.tmpKey, file.storageKey)`; if the process dies first, the
 * storage reconciliation finishes the move.
 */
export async function saveStagedUpload(manager: EntityManager, upload: StagedUpload, owner: { tenantId: number; userId?: number | null }): Promise<StoredFile> {
  const file = manager.create(StoredFile, {
    tenantId: owner.tenantId,
    storageKey: tenantKey(owner.tenantId, upload.originalName),
    originalName: upload.originalName.slice(0, 255),
    mimeType: upload.mimeType,
    sizeBytes: upload.sizeBytes,
    createdBy: owner.userId ?? null,
    state: 'pending',
    tmpKey: upload.tmpKey,
  });
  return manager.save(StoredFile, file);
}
