import type { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import request from 'supertest';
import { createApp } from '../../../server/kernel/app';
import { loadConfig } from '../../../server/kernel/config';
import { createDataSource } from '../../../server/kernel/db/data-source';
import { runMigrations } from '../../../server/kernel/db/migrations';
import { isDatabaseBusy, isDatabaseUnavailable } from '../../../server/kernel/http/errors';
import { MODULES } from '../../../server/modules';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { csrfFrom, makeUser } from '../../support/app';
import { openTestDatabase, type TestDatabase } from '../../support/db';

/**
 * A busy database is not a down one: a request that waits too long for a pooled connection, or
 * whose statement runs past the statement timeout, gets a French 503 alone; the next request is
 * served as soon as a connection is free, with no outage declared for everyone.
 */
let db: TestDatabase;
let ds: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
  await ensureSystemRoles(db.dataSource);
  // One connection, a 300 ms wait for it, statements cut after 400 ms (none on the embedded database).
  ds = createDataSource({ url: db.url, poolSize: 1, poolWaitMs: 300, statementTimeoutMs: db.embedded ? undefined : 400 });
  await ds.initialize();
});
afterAll(async () => {
  await ds.destroy();
  await db.close();
});

describe('a busy database', () => {
  it('answers the one request that found no free connection with a French 503, and the next one with a 200', async () => {
    const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'test-secret-not-used-elsewhere' };
    const { app, ctx } = createApp({ config, dataSource: ds, modules: MODULES });
    const user = await makeUser({ db } as never, { roles: ['admin'] });
    const agent = request.agent(app);
    const login = await agent.get('/login');
    await agent.post('/login').type('form').send({ _username: user.username, _password: user.password, _csrf_token: csrfFrom(login.text) });
    expect((await agent.get('/action-plan')).status).toBe(200);

    // Someone holds the only connection.
    const holder = ds.createQueryRunner();
    await holder.connect();
    const page = await agent.get('/action-plan');
    const fragment = await agent.get('/action-plan').set('X-Requested-With', 'XMLHttpRequest');
    await holder.release();

    expect(page.status).toBe(503);
    expect(page.text).toContain("Le service est très sollicité en ce moment : veuillez réessayer dans un instant. Rien n&#39;a été perdu.");
    expect(page.headers['retry-after']).toBe('2');
    expect(fragment.status).toBe(503);
    expect(fragment.body.message).toBe("Le service est très sollicité en ce moment : veuillez réessayer dans un instant. Rien n'a été perdu.");
    // Not an outage: the database is still taken for up, and the next request is served.
    expect(ctx.databaseUp).toBe(true);
    const after = await agent.get('/action-plan');
    expect(after.status).toBe(200);
    expect(after.text).toContain('data-testid="action-filters"');
  });

  it('cuts a statement past the timeout as "busy", not "down"; migrations run without the limit', async () => {
    if (db.embedded) {
      // The embedded database runs one statement at a time and takes no statement timeout.
      // oxlint-disable-next-line jest/no-conditional-expect -- the other engine's branch is the rest of the test
      expect(ds.driver.options.extra.statement_timeout).toBeUndefined();
      return;
    }
    expect(ds.driver.options.extra.statement_timeout).toBe(400);
    expect(await ds.query('SELECT 1 AS ok FROM pg_sleep(0.3)')).toEqual([{ ok: 1 }]);
    const cut = await ds.query('SELECT pg_sleep(0.6)').catch((err: unknown) => err);
    expect(isDatabaseBusy(cut)).toBe(true);
    expect(isDatabaseUnavailable(cut)).toBe(false);

    class SlowIndex1790000000000 implements MigrationInterface {
      name = 'SlowIndex1790000000000';
      async up(runner: QueryRunner): Promise<void> { await runner.query('SELECT pg_sleep(0.6)'); }
      async down(): Promise<void> { /* nothing to undo */ }
    }
    const migrating = createDataSource({ url: db.url, poolSize: 1, statementTimeoutMs: 400 });
    Object.assign(migrating.options, { migrations: [SlowIndex1790000000000], migrationsTableName: 'slow_migrations' });
    await migrating.initialize();
    try {
      expect(await runMigrations(migrating)).toEqual(['SlowIndex1790000000000']);
      // The limit is back for everything else on the same connection.
      expect(isDatabaseBusy(await migrating.query('SELECT pg_sleep(0.6)').catch((err: unknown) => err))).toBe(true);
    } finally {
      await migrating.destroy();
    }
  });
});
