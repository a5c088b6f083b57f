import type { Request } from 'express';
import { promoteUpload, type Storage, type StoredFile } from '../storage';
import { saveStagedUpload } from './save-upload';
import type { StagedUpload } from './upload-files';

/**
 * Saves staged uploads as stored files of the active company in one transaction, then moves
 * them from their temporary keys to their final ones (after the rows committed).
 */
export async function keepUploads(req: Request, storage: Storage, uploads: StagedUpload[]): Promise<StoredFile[]> {
  const user = req.authUser!;
  const files = await req.ctx.db.transaction(async (m) => {
    const out: StoredFile[] = [];
    for (const u of uploads) out.push(await saveStagedUpload(m, u, { tenantId: user.tenantId, userId: user.id }));
    return out;
  });
  for (let i = 0; i < files.length; i++) await promoteUpload(storage, uploads[i].tmpKey, files[i].storageKey);
  return files;
}
