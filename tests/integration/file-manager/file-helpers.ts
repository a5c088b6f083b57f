import { loadConfig } from '../../../server/kernel/config';
import { createStorage, tenantKey } from '../../../server/kernel/storage';
import { loginAs, makeUser, type TestApp } from '../../support/app';
import { png } from '../../support/png';

/** The storage the application uses (every module writes to the same one). */
export const appStorage = () => createStorage(loadConfig());

/** Header the client sends for fragments and AJAX forms. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** A small PNG image. */
export const PNG = png(4, 3);

/** Puts `bytes` in the storage with a `stored_file` row of the company (as a module's upload leaves it); returns its id and key. */
export async function storeFile(t: TestApp, tenantId: number, name: string, bytes: Buffer = PNG, mime = 'image/png'): Promise<{ id: number; key: string }> {
  const key = tenantKey(tenantId, name);
  await appStorage().put(key, bytes);
  const [row] = await t.db.dataSource.query(
    'INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, key, name, mime, bytes.length]);
  return { id: row.id, key };
}

/** A logged-in user holding `rights` (no role) in `company` (a new one when not given). */
export async function member(t: TestApp, rights: string[], company?: string) {
  const user = await makeUser(t, { roles: [], rights, company });
  return { ...user, ...(await loginAs(t, user)) };
}

/** The name of a company (to put other users in it). */
export async function companyName(t: TestApp, tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}
