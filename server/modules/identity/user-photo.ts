import type { Request, Response } from 'express';
import { loadConfig } from '../../kernel/config';
import { orNotFound, routeId, tenantOf } from '../../kernel/http/respond';
import { createStorage, sendFileOf, type FileReference } from '../../kernel/storage';
import { userInTenant } from '../../kernel/tenancy';

const storage = createStorage(loadConfig());

/** The photo column predates the storage reconciliation and has no foreign key: declared so its files are kept. */
export const USER_PHOTO_FILE_REFERENCE: FileReference = { name: 'app_user.photo_file_id', sql: 'SELECT photo_file_id AS file_id FROM app_user WHERE photo_file_id IS NOT NULL' };

/**
 * `GET /users/{id}/photo` (user_photo): the profile photo of a member of the active company, inline,
 * for the logged-in users of that company; 404 for anyone else or without photo. The photo is a
 * file of the user's home company.
 */
export async function userPhoto(req: Request, res: Response): Promise<void> {
  const [owner] = await req.ctx.db.query(
    `SELECT u.tenant_id, u.photo_file_id FROM app_user u WHERE u.id = $1 AND ${userInTenant('u', '$2')}`, [routeId(req), tenantOf(req)]);
  const { tenant_id: homeTenantId, photo_file_id: fileId } = orNotFound(owner as { tenant_id: number; photo_file_id: number | null } | undefined);
  await sendFileOf(res, req.ctx.db, storage, homeTenantId, fileId, { inline: true });
}
