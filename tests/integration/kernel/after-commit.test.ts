import { OWN_STORAGE_DIR } from './own-storage-dir';
import fs from 'node:fs';
import type { EntityManager } from 'typeorm';
import path from 'node:path';
import { afterCommit } from '../../../server/kernel/db/after-commit';
import { createStorage, promoteAfterCommit, tenantKey, tmpKey } from '../../../server/kernel/storage';
import { loadConfig } from '../../../server/kernel/config';
import { openTestDatabase, type TestDatabase } from '../../support/db';

const storage = createStorage(loadConfig());
let db: TestDatabase;
beforeAll(async () => { db = await openTestDatabase(); });
afterAll(async () => {
  await db.close();
  fs.rmSync(OWN_STORAGE_DIR, { recursive: true, force: true });
});

const onDisk = (key: string) => fs.existsSync(path.join(OWN_STORAGE_DIR, key));
const [TENANT] = [1];

/** A `pending` row written in the transaction `m`, its upload staged, promoted after commit. */
async function stagePending(m: EntityManager, name: string) {
  const staged = tmpKey();
  await storage.put(staged, Buffer.from(`contenu de ${name}`));
  const key = tenantKey(TENANT, name);
  const [row] = await m.query(
    `INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes, state, tmp_key) VALUES ($1, $2, $3, 'text/plain', 10, 'pending', $4) RETURNING id`,
    [TENANT, key, name, staged]);
  promoteAfterCommit(m, storage, { id: row.id, tmpKey: staged, storageKey: key });
  return { id: row.id as number, staged, key };
}

describe('work after commit', () => {
  it('moves a pending upload to its final key once the transaction commits, and marks it stored', async () => {
    const file = await db.dataSource.transaction(async (m) => {
      const f = await stagePending(m, 'commis.txt');
      // Still inside the transaction: nothing has moved yet.
      expect([onDisk(f.staged), onDisk(f.key)]).toEqual([true, false]);
      return f;
    });
    expect([onDisk(file.staged), onDisk(file.key)]).toEqual([false, true]);
    const [row] = await db.dataSource.query('SELECT state, tmp_key FROM stored_file WHERE id = $1', [file.id]);
    expect(row).toEqual({ state: 'stored', tmp_key: null });
  });

  it('leaves nothing at a final key when the transaction rolls back (the temporary object stays an orphan)', async () => {
    let staged = '';
    let key = '';
    await expect(db.dataSource.transaction(async (m) => {
      ({ staged, key } = await stagePending(m, 'annule.txt'));
      throw new Error('refus');
    })).rejects.toThrow('refus');
    expect([onDisk(staged), onDisk(key)]).toEqual([true, false]);
    expect(await db.dataSource.query('SELECT id FROM stored_file WHERE storage_key = $1', [key])).toEqual([]);
  });

  it('drops the work of a savepoint rolled back, keeps the work of the outer transaction', async () => {
    const ran: string[] = [];
    await db.dataSource.transaction(async (m) => {
      afterCommit(m, async () => { ran.push('outer'); });
      const qr = m.queryRunner!;
      await qr.startTransaction();
      afterCommit(m, async () => { ran.push('savepoint'); });
      await qr.rollbackTransaction();
      await qr.startTransaction();
      afterCommit(m, async () => { ran.push('released'); });
      await qr.commitTransaction();
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'released']);
  });

  it('runs at once outside a transaction', async () => {
    let ran = false;
    afterCommit(db.dataSource.manager, async () => { ran = true; });
    await new Promise((r) => setImmediate(r));
    expect(ran).toBe(true);
  });
});
