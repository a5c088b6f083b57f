import type { Response } from 'express';
import type { EntityManager } from 'typeorm';
import { HttpError } from '../http/errors';
import { sendStoredFile, type SendFileOptions } from './send-stored-file';
import type { Storage } from './storage';
import { StoredFile } from './stored-file.entity';

/**
 * Streams the file a record points to (`fileId`, a file of the record's company `tenantId`), once
 * the caller has checked the record's rights: 404 when the record has no file, or the file is
 * another company's, or gone from the storage.
 */
export async function sendFileOf(res: Response, db: Pick<EntityManager, 'getRepository'>, storage: Storage, tenantId: number, fileId: number | null, opts: SendFileOptions = {}): Promise<void> {
  const file = fileId ? await db.getRepository(StoredFile).findOneBy({ id: fileId, tenantId }) : null;
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file, opts);
}
