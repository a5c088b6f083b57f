import request from 'supertest';
import { createApp } from '../../../server/kernel/app';
import { loadConfig } from '../../../server/kernel/config';
import { drainJobs, enqueue, registerJobHandler, unregisterJobHandler } from '../../../server/kernel/jobs';
import { disableMetrics, enableMetrics, startMetricsServer } from '../../../server/kernel/metrics';
import { closePdfBrowser, renderPdf } from '../../../server/kernel/pdf/render-pdf';
import { freePort } from '../../../server/kernel/db/embedded';
import { MODULES } from '../../../server/modules';
import { openTestDatabase, type TestDatabase } from '../../support/db';

const TOKEN = 'jeton-de-metriques-assez-long';
let db: TestDatabase;
let app: ReturnType<typeof createApp>['app'];

beforeAll(async () => {
  db = await openTestDatabase(3);
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test', METRICS_TOKEN: TOKEN }), sessionSecret: 'metrics' };
  app = createApp({ config, dataSource: db.dataSource, modules: MODULES }).app;
  await enableMetrics(db.dataSource);
});
afterAll(async () => {
  disableMetrics();
  await closePdfBrowser();
  await db.close();
});

const scrape = async () => (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
/** The value of one sample line of the exposition text, 0 when absent. */
const sample = (text: string, line: string) => Number(new RegExp(`^${line.replace(/[{}"+.]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

describe('Prometheus metrics', () => {
  it('answers only a scraper with the token', async () => {
    await request(app).get('/metrics').expect(404);
    await request(app).get('/metrics').set('Authorization', 'Bearer mauvais-jeton-de-longueur').expect(404);
    const res = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by route name and status', async () => {
    const before = sample(await scrape(), 'vigie_http_request_duration_seconds_count{route="login",method="GET",status="200"}');
    await request(app).get('/login').expect(200);
    await request(app).get('/login').expect(200);
    await request(app).get('/page-qui-nexiste-pas').expect(404);
    const text = await scrape();
    expect(sample(text, 'vigie_http_request_duration_seconds_count{route="login",method="GET",status="200"}')).toBe(before + 2);
    expect(sample(text, 'vigie_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
  });

  it('reads the pool, the job queue and the job failures', async () => {
    registerJobHandler('test.metrics_fails', async () => { throw new Error('échec voulu'); });
    const pendingBefore = sample(await scrape(), 'vigie_jobs{status="pending"}');
    await enqueue(db.dataSource.manager, 'test.metrics_fails', {}, { maxAttempts: 1 });
    let text = await scrape();
    expect(sample(text, 'vigie_jobs{status="pending"}')).toBe(pendingBefore + 1);
    expect(sample(text, 'vigie_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    await drainJobs(db.dataSource, { names: ['test.metrics_fails'] });
    text = await scrape();
    expect(sample(text, 'vigie_job_failures_total{job="test.metrics_fails",final="oui"}')).toBe(1);
    unregisterJobHandler('test.metrics_fails');
  });

  it('times PDF printing', async () => {
    const before = sample(await scrape(), 'vigie_pdf_duration_seconds_count{outcome="ok"}');
    await renderPdf({ title: 'Registre', html: '<p>Contrôle</p>' });
    expect(sample(await scrape(), 'vigie_pdf_duration_seconds_count{outcome="ok"}')).toBe(before + 1);
  });

  it('can be served on a port of its own', async () => {
    const port = await freePort();
    const server = startMetricsServer(port, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('vigie_process_resident_memory_bytes');
      expect((await fetch(`http://127.0.0.1:${port}/autre`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
