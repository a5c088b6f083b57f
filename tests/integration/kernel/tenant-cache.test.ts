import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../../server/kernel/app';
import { loadConfig } from '../../../server/kernel/config';
import { createDataSource } from '../../../server/kernel/db/data-source';
import { MODULES } from '../../../server/modules';
import { createTestApp, csrfFrom, makeUser, type TestApp } from '../../support/app';
import type { DataSource } from 'typeorm';

// Two app instances on one database, as in production behind a load balancer: each keeps its
// own per-company cache (the hierarchy filter of the lists) and reads the user with the session.
// A change made through one instance, or straight in the database, shows on the next page of both.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let t: TestApp;
let second: { app: Express; ds: DataSource };

beforeAll(async () => {
  t = await createTestApp();
  const ds = createDataSource({ url: t.db.url, poolSize: t.db.embedded ? 1 : 3 });
  await ds.initialize();
  // Same secret as the first instance: one session cookie works on both.
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'test-secret-not-used-elsewhere' };
  second = { app: createApp({ config, dataSource: ds, modules: MODULES }).app, ds };
});
afterAll(async () => {
  await second.ds.destroy();
  await t.close();
});

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** Logs in on the first instance; returns the session cookie (valid on both) and a CSRF token. */
async function login(user: { username: string; password: string }): Promise<{ cookie: string; csrf: string }> {
  const form = await request(t.app).get('/login');
  const first = (form.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  const res = await request(t.app).post('/login').set('Cookie', first).type('form')
    .send({ _username: user.username, _password: user.password, _csrf_token: csrfFrom(form.text) });
  expect(res.status).toBe(302);
  const cookie = (res.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  const home = await request(t.app).get('/').set('Cookie', cookie);
  return { cookie, csrf: csrfFrom(home.text) };
}

const page = (app: Express, cookie: string, url = '/action-plan') => request(app).get(url).set('Cookie', cookie);

/** The option labels of the hierarchy filter's selects on a list page. */
function filterOptions(html: string): string[] {
  const selects = [...html.matchAll(/<select[^>]*name="selected\[[^>]*>([\s\S]*?)<\/select>/g)].map((m) => m[1]).join('');
  return [...selects.matchAll(/<option value="\d+"[^>]*>([^<]*)<\/option>/g)].map((m) => m[1].trim().replace(/&#39;/g, "'"));
}

describe('per-company cache of the hierarchy filter, two instances', () => {
  it('a new, renamed or deleted item shows on the next list page of either instance', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const { cookie, csrf } = await login(admin);
    const [type] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [admin.tenantId]);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Entrepôt de Saint-Priest', $2)`, [admin.tenantId, type.id]);
    for (const app of [t.app, second.app]) {
      const res = await page(app, cookie);
      expect(res.status).toBe(200);
      expect(filterOptions(res.text)).toEqual(['Entrepôt de Saint-Priest']);
    }

    // Created through the first instance's screen: the second instance's next page has it.
    const created = await request(t.app).post('/admin/hierarchy/items/new').set('Cookie', cookie).set(XHR).type('form')
      .send({ _csrf_token: csrf, 'hierarchy_item[name]': 'Atelier de Vénissieux', 'hierarchy_item[typeId]': String(type.id) });
    expect(created.status).toBe(201);
    expect(filterOptions((await page(second.app, cookie)).text)).toEqual(['Atelier de Vénissieux', 'Entrepôt de Saint-Priest']);
    expect(filterOptions((await page(t.app, cookie, '/admin/users')).text)).toEqual(['Atelier de Vénissieux', 'Entrepôt de Saint-Priest']);

    // Renamed by any writer (here SQL, as an import or a script would): both instances follow.
    await q(`UPDATE hierarchy_item SET name = 'Entrepôt de Corbas' WHERE tenant_id = $1 AND name = 'Entrepôt de Saint-Priest'`, [admin.tenantId]);
    for (const app of [t.app, second.app]) expect(filterOptions((await page(app, cookie)).text)).toEqual(['Atelier de Vénissieux', 'Entrepôt de Corbas']);

    // Deleted through the second instance's screen: gone from the first one's next page.
    const [atelier] = await q(`SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND name = 'Atelier de Vénissieux'`, [admin.tenantId]);
    expect((await request(second.app).post(`/admin/hierarchy/items/${atelier.id}/delete`).set('Cookie', cookie).set(XHR).send({ _csrf_token: csrf })).status).toBe(200);
    expect(filterOptions((await page(t.app, cookie)).text)).toEqual(['Entrepôt de Corbas']);

    // A new level is a new select.
    const [zone] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Zone', 2) RETURNING id`, [admin.tenantId]);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Quai de chargement', $2)`, [admin.tenantId, zone.id]);
    for (const app of [t.app, second.app]) expect(filterOptions((await page(app, cookie)).text)).toEqual(['Entrepôt de Corbas', 'Quai de chargement']);
  });

  it('keeps each company\'s filter to itself, and another company\'s change does not touch it', async () => {
    const a = await makeUser(t, { roles: ['super_admin'] });
    const b = await makeUser(t, { roles: ['super_admin'] });
    const [ta] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [a.tenantId]);
    const [tb] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [b.tenantId]);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2)`, [a.tenantId, ta.id]);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Nantes', $2)`, [b.tenantId, tb.id]);
    const [sa, sb] = [await login(a), await login(b)];
    expect(filterOptions((await page(t.app, sa.cookie)).text)).toEqual(['Usine de Lyon']);
    expect(filterOptions((await page(t.app, sb.cookie)).text)).toEqual(['Usine de Nantes']);
    const [before] = await q(`SELECT version FROM tenant_cache_version WHERE tenant_id = $1`, [a.tenantId]);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Rezé', $2)`, [b.tenantId, tb.id]);
    const [after] = await q(`SELECT version FROM tenant_cache_version WHERE tenant_id = $1`, [a.tenantId]);
    expect(after.version).toBe(before.version);
    expect(filterOptions((await page(second.app, sa.cookie)).text)).toEqual(['Usine de Lyon']);
    expect(filterOptions((await page(second.app, sb.cookie)).text)).toEqual(['Usine de Nantes', 'Usine de Rezé']);
  });

  it('a change rolled back bumps nothing, one committed bumps once per statement', async () => {
    const a = await makeUser(t, { roles: ['super_admin'] });
    const [type] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [a.tenantId]);
    const version = async () => Number((await q(`SELECT version FROM tenant_cache_version WHERE tenant_id = $1`, [a.tenantId]))[0].version);
    const start = await version();
    await expect(t.db.dataSource.transaction(async (m) => {
      await m.query(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Annulé', $2)`, [a.tenantId, type.id]);
      throw new Error('annulé');
    })).rejects.toThrow('annulé');
    expect(await version()).toBe(start);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) SELECT $1, 'Lot ' || n, $2 FROM generate_series(1, 3) n`, [a.tenantId, type.id]);
    expect(await version()).toBe(start + 1);
  });
});

describe('session read with its user: every change shows on the next request of either instance', () => {
  it('a disabled account is logged out at its next request, on both instances', async () => {
    const user = await makeUser(t, { rights: ['action.view'] });
    const { cookie } = await login(user);
    for (const app of [t.app, second.app]) expect((await page(app, cookie)).status).toBe(200);
    await q('UPDATE app_user SET enabled = false WHERE id = $1', [user.id]);
    const next = await page(second.app, cookie);
    expect(next.status).toBe(302);
    expect(next.headers.location).toMatch(/\/login/);
    await q('UPDATE app_user SET enabled = true WHERE id = $1', [user.id]);
    // The session ended: enabling the account again does not bring it back.
    expect((await page(t.app, cookie)).status).toBe(302);
  });

  it('a right taken from a role is refused at the next request, given back it is allowed again', async () => {
    const user = await makeUser(t, { rights: ['action.view'] });
    const { cookie } = await login(user);
    expect((await page(t.app, cookie)).status).toBe(200);
    expect((await page(second.app, cookie)).status).toBe(200);
    await q(`DELETE FROM role_right WHERE "right" = 'action.view' AND role_id IN (SELECT role_id FROM user_role WHERE user_id = $1)`, [user.id]);
    expect((await page(t.app, cookie)).status).toBe(403);
    expect((await page(second.app, cookie)).status).toBe(403);
    await q(`INSERT INTO role_right (role_id, "right") SELECT role_id, 'action.view' FROM user_role WHERE user_id = $1`, [user.id]);
    expect((await page(second.app, cookie)).status).toBe(200);
  });

  it('a session ended on the server (logout elsewhere, password change) is over on both instances', async () => {
    const user = await makeUser(t);
    const { cookie, csrf } = await login(user);
    expect((await request(second.app).get('/').set('Cookie', cookie)).status).toBe(200);
    expect((await request(second.app).post('/logout').set('Cookie', cookie).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    expect((await request(t.app).get('/').set('Cookie', cookie)).status).toBe(302);
  });

  it('a session moved to another company reads the user in that company', async () => {
    const user = await makeUser(t, { roles: ['super_admin'] });
    const other = await makeUser(t, { roles: ['super_admin'] });
    await q('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [user.id, other.tenantId]);
    const [type] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [other.tenantId]);
    await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Site de l''autre société', $2)`, [other.tenantId, type.id]);
    // Their role in the other company (roles belong to a company).
    await q(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE tenant_id = $2 AND code = 'super_admin'`, [user.id, other.tenantId]);
    const { cookie, csrf } = await login(user);
    expect(filterOptions((await page(t.app, cookie)).text)).toEqual([]);
    expect((await request(second.app).post(`/company/${other.tenantId}`).set('Cookie', cookie).type('form').send({ _csrf_token: csrf })).status).toBe(302);
    for (const app of [t.app, second.app]) expect(filterOptions((await page(app, cookie)).text)).toEqual(["Site de l'autre société"]);
  });
});
