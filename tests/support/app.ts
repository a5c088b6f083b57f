import type { Express } from 'express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../server/kernel/app';
import { closePdfBrowser } from '../../server/kernel/pdf/render-pdf';
import { loadConfig } from '../../server/kernel/config';
import type { AppContext } from '../../server/kernel/context';
import { createUser } from '../../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../../server/modules/identity/roles';
import { MODULES } from '../../server/modules';
import { openTestDatabase, type TestDatabase } from './db';

/** The real app on a test database. */
export interface TestApp {
  app: Express;
  ctx: AppContext;
  db: TestDatabase;
  close(): Promise<void>;
}

let seq = 0;

/** Builds the application exactly as `npm start` does, on this test file's database. */
export async function createTestApp(): Promise<TestApp> {
  const db = await openTestDatabase();
  await ensureSystemRoles(db.dataSource);
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'test-secret-not-used-elsewhere' };
  const { app, ctx } = createApp({ config, dataSource: db.dataSource, modules: MODULES });
  // The file's PDF browser goes with its app: a Chromium left running keeps jest from exiting.
  return { app, ctx, db, close: async () => { await closePdfBrowser(); await db.close(); } };
}

/** Creates a user with a unique name in a company of its own (or the one given). */
export async function makeUser(t: TestApp, opts: { roles?: string[]; company?: string; rights?: string[]; locale?: string } = {}): Promise<{ id: number; tenantId: number; username: string; password: string }> {
  const n = `${process.pid}_${++seq}_${Date.now() % 1e6}`;
  const username = `user_${n}`;
  const password = `Mot-de-passe-${n}`;
  const created = await createUser(t.db.dataSource, {
    username, password, email: `${username}@example.fr`, roles: opts.roles ?? ['user'], company: opts.company ?? `Société ${n}`,
    firstName: 'Camille', lastName: 'Test', locale: opts.locale,
  });
  if (opts.rights?.length) {
    const role = `custom_${n}`;
    const [r] = await t.db.dataSource.query(`INSERT INTO role (tenant_id, code, label) VALUES ($2, $1, $1) RETURNING id`, [role, created.tenantId]);
    for (const right of opts.rights) await t.db.dataSource.query('INSERT INTO role_right (role_id, "right") VALUES ($1, $2)', [r.id, right]);
    await t.db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [created.id, r.id]);
  }
  return { ...created, username, password };
}

/** Reads the CSRF token out of a rendered page. */
export function csrfFrom(html: string): string {
  const m = /name="_csrf_token" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('Pas de jeton CSRF dans la page');
  return m[1];
}

/** An agent (cookie jar) logged in as the user; returns it with a fresh CSRF token. */
export async function loginAs(t: TestApp, user: { username: string; password: string }): Promise<{ agent: TestAgent; csrf: string }> {
  const agent = request.agent(t.app);
  const page = await agent.get('/login');
  const res = await agent.post('/login').type('form').send({ _username: user.username, _password: user.password, _csrf_token: csrfFrom(page.text) });
  if (res.status !== 302) throw new Error(`Connexion refusée (${res.status})`);
  const home = await agent.get('/');
  return { agent, csrf: csrfFrom(home.text) };
}
