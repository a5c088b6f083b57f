import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { loadConfig } from '../../../server/kernel/config';
import { freePort } from '../../../server/kernel/db/embedded';
import { enqueue, registerJobHandler, startJobWorker, unregisterJobHandler } from '../../../server/kernel/jobs';
import { gracefulShutdown } from '../../../server/kernel/shutdown';
import { mountHealth } from '../../../server/kernel/http/health';
import { S3Storage } from '../../../server/kernel/storage/s3-storage';
import { createTestApp, type TestApp } from '../../support/app';
import { openTestDatabase } from '../../support/db';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { opened, open };
}

describe('health probes', () => {
  it('/healthz answers without a session, a cookie or the database', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz says ready when the database and the store answer, and 503 while draining', async () => {
    const ready = await request(t.app).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'prêt', database: 'ok', storage: 'ok' });
    t.ctx.draining = true;
    try {
      expect((await request(t.app).get('/readyz').expect(503)).body).toEqual({ status: 'arrêt en cours' });
    } finally {
      t.ctx.draining = false;
    }
  });

  it('/readyz says which part does not answer: an object store that is down', async () => {
    const app = express();
    const port = await freePort();
    const down = new S3Storage({ bucket: 'vigie', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, accessKeyId: 'x', secretAccessKey: 'y' });
    mountHealth(app, t.ctx, down);
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body).toEqual({ status: 'pas prêt', database: 'ok', storage: 'injoignable' });
    await down.close();
  });
});

describe('graceful shutdown', () => {
  it('lets the request in flight and the running job finish before closing the pool', async () => {
    const db = await openTestDatabase(2);
    const request1 = gate();
    const job = gate();
    const jobStarted = gate();
    const order: string[] = [];
    registerJobHandler('test.shutdown_job', async () => { jobStarted.open(); await job.opened; order.push('job finished'); });
    const app = express();
    app.get('/slow', async (_req, res) => { await request1.opened; order.push('request answered'); res.send('fini'); });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    await enqueue(db.dataSource.manager, 'test.shutdown_job', {});
    const worker = startJobWorker(db.dataSource, { intervalMs: 20 });
    await jobStarted.opened;
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const ctx = { ...t.ctx, draining: false };
    let finished = false;
    const stopping = gracefulShutdown({
      server, ctx, timeoutMs: 10_000, log: () => undefined,
      stopBackground: () => worker.stop(),
      closeDatabase: async () => { order.push('pool closed'); await db.close(); },
    }).then(() => { finished = true; });
    expect(ctx.draining).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    request1.open();
    expect(await inFlight).toBe('fini');
    await new Promise((r) => setTimeout(r, 50));
    expect(finished).toBe(false);
    job.open();
    await stopping;
    expect(order).toEqual(['request answered', 'job finished', 'pool closed']);
    unregisterJobHandler('test.shutdown_job');
  });

  it('cuts a request still running after the time limit, and stops in bounded time', async () => {
    const app = express();
    const never = gate();
    app.get('/stuck', async () => { await never.opened; });
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const stuck = fetch(`http://127.0.0.1:${port}/stuck`).then(() => 'answered', () => 'cut');
    await new Promise((r) => setTimeout(r, 50));
    const logs: string[] = [];
    const started = Date.now();
    await gracefulShutdown({
      server, ctx: { ...t.ctx }, timeoutMs: 300, log: (m) => logs.push(m),
      stopBackground: async () => undefined, closeDatabase: async () => undefined,
    });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2000);
    expect(await stuck).toBe('cut');
    expect(logs[0]).toBe('arrêt : requêtes encore en cours après 300 ms, connexions coupées');
    never.open();
  });
});

describe('the started server', () => {
  it('answers its probes, then exits 0 on SIGTERM', async () => {
    const db = await openTestDatabase(1);
    await db.dataSource.destroy();
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', '..', 'server', 'main.ts')], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, PORT: String(port), SESSION_SECRET: 'arret-propre', SHUTDOWN_TIMEOUT_MS: '1000', LOG_LEVEL: 'info', STORAGE_DIR: loadConfig().storageDir, VIGIE_DEMO: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (c) => { out += String(c); });
    child.stderr!.on('data', (c) => { out += String(c); });
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => { if (out.includes('Vigie est démarré')) { clearInterval(timer); resolve(); } }, 50);
      child.once('exit', (code) => { clearInterval(timer); reject(new Error(`arrêt au démarrage (${code}) : ${out}`)); });
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'prêt', database: 'ok', storage: 'ok' });
    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(out).toMatch(/arrêt propre en \d+ ms/);
    await db.close();
  }, 90_000);
});
