import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../server/kernel/db/embedded';
import { LOGIN_LIMIT_IP_USERNAME } from '../../../server/kernel/auth/throttle';
import { createUser } from '../../../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { enqueueAccountChangeMail } from '../../../server/modules/identity/account-mail';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { png } from '../../support/png';
import { startTestS3, type TestS3 } from '../../support/s3-server';

// Two app processes, as two containers behind the proxy: one database, one object store, one
// recorded-mail folder. What a user or an operator would see go wrong if an instance kept state
// of its own: a session, a login counter, a job, a file.
let db: TestDatabase;
let s3: TestS3;
let mailDir: string;
const children: ChildProcess[] = [];
const bases: string[] = [];
let user: { id: number; tenantId: number };
const PASSWORD = 'Deux-instances-2026!';

async function startInstance(port: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', '..', 'server', 'main.ts')], {
    env: {
      ...process.env, ...s3.env, NODE_ENV: 'test', DATABASE_URL: db.url, PORT: String(port), SESSION_SECRET: 'secret-partage-des-instances',
      MAIL_RECORD_DIR: mailDir, MIGRATE_ON_START: '0', BASE_URL: `http://127.0.0.1:${port}`, DB_POOL_SIZE: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (c) => { out += String(c); });
  child.stderr!.on('data', (c) => { out += String(c); });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => { if (out.includes('Vigie est démarré')) { clearInterval(timer); resolve(); } }, 50);
    child.once('exit', (code) => { clearInterval(timer); reject(new Error(`instance arrêtée (${code}) : ${out}`)); });
  });
  bases.push(`http://127.0.0.1:${port}`);
}

beforeAll(async () => {
  db = await openTestDatabase(2);
  await ensureSystemRoles(db.dataSource);
  const created = await createUser(db.dataSource, {
    username: 'deux.instances', password: PASSWORD, email: 'deux.instances@example.fr', roles: ['user'], company: 'Société à deux instances', firstName: 'Inès', lastName: 'Double',
  });
  user = { id: created.id, tenantId: created.tenantId };
  await createUser(db.dataSource, { username: 'cible.blocage', password: PASSWORD, email: 'cible@example.fr', roles: ['user'], company: 'Société à deux instances', firstName: 'Léo', lastName: 'Cible' });
  s3 = await startTestS3();
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-two-mail-'));
  const [a, b] = [await freePort(), await freePort()];
  await Promise.all([startInstance(a), startInstance(b)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); }) : null)));
  await s3?.stop();
  await db?.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

/** A cookie jar shared across both instances, as the browser's is behind the proxy. */
class Browser {
  cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  }
  async csrf(url: string): Promise<string> {
    return /name="_csrf_token" value="([^"]+)"/.exec(await (await this.fetch(url)).text())![1];
  }
  async login(base: string, username: string, password: string): Promise<Response> {
    const token = await this.csrf(`${base}/login`);
    return this.fetch(`${base}/login`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _username: username, _password: password, _csrf_token: token }),
    });
  }
}

describe('two instances on one database and one object store', () => {
  it('a session opened on one instance works on the other', async () => {
    const browser = new Browser();
    expect((await browser.login(bases[0], 'deux.instances', PASSWORD)).status).toBe(302);
    const page = await browser.fetch(`${bases[1]}/profile/edit`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Double');
    // Logged out on the second, the first no longer knows the session either.
    const token = await browser.csrf(`${bases[1]}/profile/edit`);
    await browser.fetch(`${bases[1]}/logout`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _csrf_token: token }) });
    expect((await browser.fetch(`${bases[0]}/profile/edit`)).status).toBe(302);
  });

  it('counts failed logins across both instances', async () => {
    const browser = new Browser();
    for (let i = 0; i < LOGIN_LIMIT_IP_USERNAME; i++) {
      const res = await browser.login(bases[i % 2], 'cible.blocage', 'mauvais-mot-de-passe');
      expect(await res.text()).not.toMatch(/Plusieurs tentatives de connexion ont échoué/);
    }
    // The sixth try, with the right password, on either instance: refused by the shared counter.
    const refused = await new Browser().login(bases[1], 'cible.blocage', PASSWORD);
    expect(refused.status).toBe(200);
    expect(await refused.text()).toMatch(/Plusieurs tentatives de connexion ont échoué/);
  });

  it('runs each job once though both workers poll the queue', async () => {
    await db.dataSource.transaction(async (m) => {
      for (let i = 1; i <= 6; i++) await enqueueAccountChangeMail(m, { userId: user.id, tenantId: user.tenantId, to: `ancien-${i}@example.fr`, changes: ['email'], at: new Date() });
    });
    const waitDone = async (): Promise<Array<{ status: string; attempts: number }>> => {
      for (;;) {
        const rows = await db.dataSource.query(`SELECT status, attempts FROM job WHERE name = 'identity.account_change_mail' AND payload->>'to' LIKE 'ancien-%'`);
        if (rows.every((r: { status: string }) => r.status === 'done')) return rows;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const rows = await waitDone();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    const recipients = fs.readdirSync(mailDir).map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')).to as string[]).flat().filter((to) => to.startsWith('ancien-')).sort();
    expect(recipients).toEqual([1, 2, 3, 4, 5, 6].map((i) => `ancien-${i}@example.fr`));
  });

  it('a file uploaded through one instance downloads through the other', async () => {
    const browser = new Browser();
    expect((await browser.login(bases[0], 'deux.instances', PASSWORD)).status).toBe(302);
    const token = await browser.csrf(`${bases[0]}/profile/photo`);
    const photo = png(8, 8, { ink: true });
    const form = new FormData();
    form.set('_csrf_token', token);
    form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'portrait.png');
    const saved = await browser.fetch(`${bases[0]}/profile/photo`, { method: 'POST', body: form, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(saved.status).toBeLessThan(300);
    const dl = await browser.fetch(`${bases[1]}/users/${user.id}/photo`);
    expect(dl.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await dl.arrayBuffer()), photo)).toBe(0);
    const [row] = await db.dataSource.query(`SELECT storage_key FROM stored_file WHERE tenant_id = $1 AND original_name = 'portrait.png'`, [user.tenantId]);
    expect(fs.existsSync(path.join(process.cwd(), 'var', 'storage', row.storage_key))).toBe(false);
  });
});
