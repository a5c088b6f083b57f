import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../../server/kernel/db/embedded';
import { S3Storage } from '../../../server/kernel/storage/s3-storage';
import type { Storage } from '../../../server/kernel/storage/storage';
import { createUser } from '../../../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { png } from '../../support/png';
import { clonePrefix } from '../../support/run-id';
import { startTestS3 } from '../../support/s3-server';

/*
 * The backup and restore procedure of docs/deployment.md (« Sauvegarde et restauration »), played
 * as an operator would: records with files made through a running instance, `pg_dump -Fc`, a new
 * database filled by `pg_restore`, the object store copied (a folder by tar, a bucket object by
 * object into another bucket), a new instance started on the copies; the restored records' files
 * download through their routes, byte for byte. `pg_dump` and `pg_restore` need a real PostgreSQL
 * server: on the embedded database (no DATABASE_URL) the file does not run.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const PASSWORD = 'Sauvegarde-2026!';
/** Two application processes start in each scenario (several seconds each on a busy machine). */
const STEP_TIMEOUT = 240_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% procès-verbal de contrôle\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** `pg_dump` / `pg_restore` on PATH, or the newest of Debian's /usr/lib/postgresql/<version>/bin. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const onPath = spawnSync('which', [name], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', name))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error(`${name} est introuvable (paquet postgresql-client).`);
  return path.join(root, versions[0], 'bin', name);
}

/** Runs a command; its output is in the error when it fails. */
function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} : code ${r.status}\n${r.stderr}`);
}

/** A Vigie process (`server/main.ts`, as two-instances.test.ts starts them) on a database and a store given by the environment. */
interface Instance { base: string; child: ChildProcess }
const children: ChildProcess[] = [];

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', '..', 'server', 'main.ts')], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), BASE_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: 'secret-de-la-sauvegarde', DB_POOL_SIZE: '2', ...env },
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
  return { base: `http://127.0.0.1:${port}`, child };
}

async function stopInstance(i: Instance): Promise<void> {
  if (i.child.exitCode !== null) return;
  await new Promise((r) => { i.child.once('exit', r); i.child.kill('SIGTERM'); });
}

/** A cookie jar over fetch, as a browser keeps its session. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private base: string) {}
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${this.base}${url}`, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
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
  async login(username: string): Promise<number> {
    const token = await this.csrf('/login');
    const res = await this.fetch('/login', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _username: username, _password: PASSWORD, _csrf_token: token }),
    });
    return res.status;
  }
  async bytes(url: string): Promise<{ status: number; body: Buffer }> {
    const res = await this.fetch(url);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }
}

/** What a scenario made through the source instance: the user, the records and their files. */
interface Made { username: string; userId: number; actionId: number; photo: Buffer; second: Buffer }

/** A user allowed to write actions, then an action with two attachments and a profile photo, all through the app. */
async function makeRecords(db: TestDatabase, base: string, tag: string): Promise<Made> {
  const username = `sauvegarde.${tag}.${process.pid}`;
  const user = await createUser(db.dataSource, { username, password: PASSWORD, email: `${username}@example.fr`, roles: [], company: `Société sauvegardée ${tag}`, firstName: 'Rémi', lastName: 'Sauve' });
  const [role] = await db.dataSource.query(`INSERT INTO role (tenant_id, code, label) VALUES ($1, 'sauvegarde', 'Sauvegarde') RETURNING id`, [user.tenantId]);
  for (const right of ['action.view', 'action.view_all', 'action.add']) await db.dataSource.query('INSERT INTO role_right (role_id, "right") VALUES ($1, $2)', [role.id, right]);
  await db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [user.id, role.id]);

  const browser = new Browser(base);
  expect(await browser.login(username)).toBe(302);
  const second = png(16, 8, { ink: true });
  const form = new FormData();
  form.set('_csrf_token', await browser.csrf('/action-plan'));
  form.set('_submit', 'DRAFT');
  form.set('mfpreventionbundle_action[comments]', `Contrôler la passerelle (${tag})`);
  form.set('mfpreventionbundle_action[attachmentFile1]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'Procès-verbal.pdf');
  form.set('mfpreventionbundle_action[attachmentFile2]', new Blob([new Uint8Array(second)], { type: 'image/png' }), 'passerelle.png');
  const created = await browser.fetch('/action-plan/new', { method: 'POST', body: form, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(created.status).toBeLessThan(400);
  const [action] = await db.dataSource.query('SELECT id FROM action WHERE tenant_id = $1 AND attachment_file1_id IS NOT NULL AND attachment_file2_id IS NOT NULL', [user.tenantId]);

  const photo = png(12, 12, { ink: true });
  const photoForm = new FormData();
  photoForm.set('_csrf_token', await browser.csrf('/profile/photo'));
  photoForm.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'portrait.png');
  expect((await browser.fetch('/profile/photo', { method: 'POST', body: photoForm, headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status).toBeLessThan(300);
  return { username, userId: user.id, actionId: action.id, photo, second };
}

/** The files of the records, downloaded through their routes from the instance at `base`. */
async function downloads(base: string, made: Made): Promise<Record<string, { status: number; body: Buffer }>> {
  const browser = new Browser(base);
  expect(await browser.login(made.username)).toBe(302);
  return {
    pdf: await browser.bytes(`/action-plan/${made.actionId}/files/attachmentFile1`),
    png: await browser.bytes(`/action-plan/${made.actionId}/files/attachmentFile2`),
    photo: await browser.bytes(`/users/${made.userId}/photo`),
  };
}

/** `pg_dump -Fc` of the source database, then `pg_restore` into a new database; returns its URL. */
function dumpAndRestore(sourceUrl: string, dumpFile: string, target: string): string {
  run(pgTool('pg_dump'), ['-Fc', '--no-owner', '-f', dumpFile, sourceUrl]);
  const u = new URL(sourceUrl);
  u.pathname = `/${target}`;
  run(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', '-d', u.toString(), dumpFile]);
  return u.toString();
}

/** Runs SQL on the server's maintenance connection (the one the test databases are made from). */
async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: process.env.VIGIE_TEST_ADMIN_URL ?? process.env.DATABASE_URL });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

let restored = 0;

/** A database of this run's prefix (dropped by the next run if this one dies), created empty from template0. */
async function newDatabase(): Promise<string> {
  const name = `${clonePrefix()}${process.pid}_restore_${++restored}`;
  await admin(`CREATE DATABASE "${name}" TEMPLATE template0`);
  return name;
}

async function dropDatabase(name: string): Promise<void> {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Copies every object of one store into another, key for key (what `aws s3 sync` / `mc mirror` do between buckets). */
async function mirror(from: Storage, to: Storage): Promise<number> {
  let copied = 0;
  for await (const o of from.list('')) {
    await to.put(o.key, await from.get(o.key));
    copied++;
  }
  return copied;
}

onPostgres('backup and restore (pg_dump -Fc, pg_restore, a copy of the object store)', () => {
  let db: TestDatabase;
  let work: string;
  const databases: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(2);
    await ensureSystemRoles(db.dataSource);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-backup-'));
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); }) : null)));
    for (const name of databases) await dropDatabase(name);
    await db?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('files on disk: a tar of the storage folder restored beside the restored database', async () => {
    const source = path.join(work, 'storage-source');
    const copy = path.join(work, 'storage-restored');
    fs.mkdirSync(source);
    fs.mkdirSync(copy);
    const mail = fs.mkdtempSync(path.join(work, 'mail-'));
    const first = await startInstance({ DATABASE_URL: db.url, STORAGE_DRIVER: 'local', STORAGE_DIR: source, MAIL_RECORD_DIR: mail, MIGRATE_ON_START: '0' });
    const made = await makeRecords(db, first.base, 'disque');
    const before = await downloads(first.base, made);
    expect(before.pdf.body.equals(PDF)).toBe(true);

    // Backup: the database first, then the files (every file the dump names is already in the store).
    const target = await newDatabase();
    databases.push(target);
    const restoredUrl = dumpAndRestore(db.url, path.join(work, 'vigie-disque.dump'), target);
    const archive = path.join(work, 'storage.tar');
    run('tar', ['-C', source, '-cf', archive, '.']);
    await stopInstance(first);
    // Restore: the files back in place before the application starts (it checks its pending files on start).
    run('tar', ['-C', copy, '-xf', archive]);
    const second = await startInstance({ DATABASE_URL: restoredUrl, STORAGE_DRIVER: 'local', STORAGE_DIR: copy, MAIL_RECORD_DIR: mail });
    const after = await downloads(second.base, made);
    expect(Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v.status]))).toEqual({ pdf: 200, png: 200, photo: 200 });
    expect(after.pdf.body.equals(PDF)).toBe(true);
    expect(after.png.body.equals(made.second)).toBe(true);
    expect(after.photo.body.equals(made.photo)).toBe(true);
    expect(after.photo.body.equals(before.photo.body)).toBe(true);
    await stopInstance(second);
    // The restored database is a copy, not the source: its files rows point at the same keys.
    const c = new Client({ connectionString: restoredUrl });
    await c.connect();
    const rows = (await c.query(`SELECT storage_key, state FROM stored_file WHERE created_by = $1 ORDER BY storage_key`, [made.userId])).rows;
    await c.end();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.state === 'stored' && fs.existsSync(path.join(copy, r.storage_key)))).toBe(true);
  }, STEP_TIMEOUT);

  it('files in S3: every object copied into another bucket, the restored instance reads that bucket', async () => {
    const s3Source = await startTestS3('vigie-production');
    const s3Copy = await startTestS3('vigie-restauree');
    const from = new S3Storage(s3Source.options);
    const to = new S3Storage(s3Copy.options);
    let sourceStopped = false;
    try {
      const mail = fs.mkdtempSync(path.join(work, 'mail-'));
      const first = await startInstance({ DATABASE_URL: db.url, ...s3Source.env, MAIL_RECORD_DIR: mail, MIGRATE_ON_START: '0' });
      const made = await makeRecords(db, first.base, 's3');
      expect((await downloads(first.base, made)).pdf.body.equals(PDF)).toBe(true);

      const target = await newDatabase();
      databases.push(target);
      const restoredUrl = dumpAndRestore(db.url, path.join(work, 'vigie-s3.dump'), target);
      expect(await mirror(from, to)).toBeGreaterThanOrEqual(3);
      await stopInstance(first);
      await s3Source.stop();
      sourceStopped = true;

      const second = await startInstance({ DATABASE_URL: restoredUrl, ...s3Copy.env, MAIL_RECORD_DIR: mail });
      const after = await downloads(second.base, made);
      expect(Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v.status]))).toEqual({ pdf: 200, png: 200, photo: 200 });
      expect(after.pdf.body.equals(PDF)).toBe(true);
      expect(after.png.body.equals(made.second)).toBe(true);
      expect(after.photo.body.equals(made.photo)).toBe(true);
      await stopInstance(second);
    } finally {
      await from.close();
      await to.close();
      await s3Copy.stop();
      if (!sourceStopped) await s3Source.stop();
    }
  }, STEP_TIMEOUT);
});
