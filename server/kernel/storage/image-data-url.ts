import { rowsOf, type Db } from '../db/sql';
import { readAll } from './local-disk-storage';
import { openStoredFile } from './send-stored-file';
import type { Storage } from './storage';

/**
 * A stored PNG or JPEG of the company as a data URL, for documents printed by Chromium (PDFs
 * embed their images); null when there is none, it is another type, larger than `maxBytes`, or
 * unreadable — a missing image leaves the picture out, never the whole document.
 */
export async function storedImageDataUrl(db: Db, storage: Storage, tenantId: number, fileId: number | null, maxBytes: number): Promise<string | null> {
  if (!fileId) return null;
  const [f] = rowsOf<{ key: string; tmpKey: string | null; mime: string; size: number }>(await db.query(
    'SELECT storage_key AS key, tmp_key AS "tmpKey", mime_type AS mime, size_bytes AS size FROM stored_file WHERE id = $1 AND tenant_id = $2', [fileId, tenantId]));
  if (!f || !/^image\/(png|jpeg)$/.test(f.mime) || Number(f.size) > maxBytes) return null;
  try {
    // A file whose move is still pending is read from its temporary key.
    const stream = await openStoredFile(storage, { id: fileId, storageKey: f.key, tmpKey: f.tmpKey });
    return `data:${f.mime};base64,${(await readAll(stream)).toString('base64')}`;
  } catch (err) {
    console.error('[storage] image illisible pour un document imprimé', fileId, err);
    return null;
  }
}
