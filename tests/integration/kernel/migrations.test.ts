import { pendingSchemaChanges } from '../../../server/kernel/db/migrations';
import { openTestDatabase, type TestDatabase } from '../../support/db';

let db: TestDatabase;
beforeAll(async () => { db = await openTestDatabase(1); });
afterAll(async () => { await db.close(); });

describe('migrations', () => {
  it('leave nothing for migration:generate to write (entities and schema agree)', async () => {
    const { up } = await pendingSchemaChanges(db.dataSource);
    expect(up).toEqual([]);
  });
});
