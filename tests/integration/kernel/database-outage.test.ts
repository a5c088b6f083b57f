import request from 'supertest';
import { createApp } from '../../../server/kernel/app';
import { loadConfig } from '../../../server/kernel/config';
import { createDataSource } from '../../../server/kernel/db/data-source';
import { createUser } from '../../../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { MODULES } from '../../../server/modules';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { TcpProxy } from '../../support/tcp-proxy';
import { csrfFrom } from '../../support/app';

let db: TestDatabase;
let proxy: TcpProxy;
let proxied: ReturnType<typeof createDataSource>;

beforeAll(async () => {
  db = await openTestDatabase(1);
  const target = new URL(db.url);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  const port = await proxy.start();
  const url = new URL(db.url);
  url.host = `127.0.0.1:${port}`;
  proxied = createDataSource({ url: url.toString(), poolSize: 3, onPoolError: () => undefined });
  await proxied.initialize();
});

afterAll(async () => {
  await proxy.cut();
  await proxied.destroy().catch(() => undefined);
  await db.close();
});

async function eventually(fn: () => Promise<boolean>, ms = 15000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

describe('database outage', () => {
  it('answers a French 503 while PostgreSQL is unreachable, then recovers by itself', async () => {
    await ensureSystemRoles(proxied);
    const name = `outage_${process.pid}_${Date.now() % 1e6}`;
    await createUser(proxied, { username: name, password: 'Mot-de-passe-panne-1', email: `${name}@example.fr`, roles: ['user'], company: `Société ${name}` });
    const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'outage-test' };
    const { app } = createApp({ config, dataSource: proxied, modules: MODULES });
    const agent = request.agent(app);
    const page = await agent.get('/login');
    expect((await agent.post('/login').type('form').send({ _username: name, _password: 'Mot-de-passe-panne-1', _csrf_token: csrfFrom(page.text) })).status).toBe(302);
    expect((await agent.get('/')).status).toBe(200);

    await proxy.cut();
    const down = await agent.get('/');
    expect(down.status).toBe(503);
    expect(down.text).toContain('Service momentanément indisponible');
    const xhr = await agent.get('/profile/edit').set('X-Requested-With', 'XMLHttpRequest');
    expect(xhr.status).toBe(503);
    expect(xhr.body.message).toMatch(/base de données ne répond pas/);

    await proxy.start();
    const recovered = await eventually(async () => (await agent.get('/')).status === 200);
    expect(recovered).toBe(true);
  }, 40000);
});
