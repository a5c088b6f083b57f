import { spawnSync } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../../server/kernel/app';
import { LOGIN_LIMIT_IP } from '../../../server/kernel/auth/throttle';
import { loadConfig } from '../../../server/kernel/config';
import { MODULES } from '../../../server/modules';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { csrfFrom, makeUser, type TestApp } from '../../support/app';
import { openTestDatabase, type TestDatabase } from '../../support/db';

// supertest connects from 127.0.0.1: here that address plays the reverse proxy, and
// X-Forwarded-For carries the address of the browser behind it.

/** The throttling refusal shown on the login form (Symfony's wording). */
const THROTTLED = /data-testid="login-error">[^<]*réessayer dans 1 minute/;

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  await ensureSystemRoles(db.dataSource);
});
afterAll(async () => { await db.close(); });

function appWith(trustProxy: string | undefined) {
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', TRUST_PROXY: trustProxy }), sessionSecret: 'trust-proxy-test' };
  return createApp({ config, dataSource: db.dataSource, modules: MODULES }).app;
}

/** One login attempt from the browser at `clientIp`; returns the response. */
async function attempt(app: ReturnType<typeof appWith>, clientIp: string, username: string, password: string) {
  const agent = request.agent(app);
  const page = await agent.get('/login').set('X-Forwarded-For', clientIp);
  return agent.post('/login').set('X-Forwarded-For', clientIp).type('form').send({ _username: username, _password: password, _csrf_token: csrfFrom(page.text) });
}

/** Fails `LOGIN_LIMIT_IP` logins from `clientIp`, each with another unknown name (no account is touched). */
async function useUpAddress(app: ReturnType<typeof appWith>, clientIp: string, tag: string): Promise<void> {
  for (let i = 0; i < LOGIN_LIMIT_IP; i++) {
    const res = await attempt(app, clientIp, `inconnu_${tag}_${i}`, 'mauvais');
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(THROTTLED);
  }
}

describe('TRUST_PROXY: the client address behind a reverse proxy', () => {
  it('counts failed logins per browser when the proxy is trusted: one attacker does not block the others', async () => {
    const app = appWith('127.0.0.1');
    const user = await makeUser({ db } as TestApp);
    await useUpAddress(app, '203.0.113.7', 'a');
    const attacker = await attempt(app, '203.0.113.7', 'inconnu_a_last', 'mauvais');
    expect(attacker.text).toMatch(THROTTLED);
    const other = await attempt(app, '198.51.100.9', user.username, user.password);
    expect(other.status).toBe(302);
  });

  it('without a trusted proxy every browser shares its address, so the same failures block the next user', async () => {
    const app = appWith('false');
    const user = await makeUser({ db } as TestApp);
    await useUpAddress(app, '203.0.113.8', 'b');
    const other = await attempt(app, '198.51.100.10', user.username, user.password);
    expect(other.status).toBe(200);
    expect(other.text).toMatch(THROTTLED);
  });
});

describe('production start', () => {
  it('refuses to start without BASE_URL, saying why in French', () => {
    const root = path.join(__dirname, '..', '..', '..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
      cwd: root, encoding: 'utf8', timeout: 60_000,
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), BASE_URL: '', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('BASE_URL est obligatoire en production');
  });
});
