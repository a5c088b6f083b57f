import express from 'express';
import request from 'supertest';
import { createLogger, readableStream } from '../../../server/kernel/logger';
import { requestLogging } from '../../../server/kernel/request-log';

/** An app logging through the kernel's request logging into `lines`. */
function appLogging(env: 'development' | 'production', lines: string[]) {
  const sink = { write: (s: string) => { lines.push(...s.split('\n').filter(Boolean)); } };
  const logger = createLogger({ env, logLevel: 'info' }, env === 'development' ? readableStream(sink) : sink);
  const app = express();
  app.use(requestLogging({ env }, logger));
  app.get('/action-plan', (req, res) => { req.log.info('inside'); res.send('ok'); });
  app.get('/build/assets/main-1a2b.js', (_req, res) => res.type('js').send(''));
  app.get('/static/favicon.svg', (_req, res) => res.type('svg').send('<svg/>'));
  app.get('/boom', (_req, res) => res.status(500).send('no'));
  return app;
}

describe('request logs (issue 25: npm start no longer floods the terminal)', () => {
  it('development: one short readable line per request, none for static assets, no query string', async () => {
    const lines: string[] = [];
    const app = appLogging('development', lines);
    await request(app).get('/action-plan?token=secret-value');
    await request(app).get('/build/assets/main-1a2b.js');
    await request(app).get('/static/favicon.svg');
    await request(app).get('/boom');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d inside$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/action-plan 200 \d+ ms$/);
    expect(lines[2]).toMatch(/^\d\d:\d\d:\d\d ERREUR GET \/boom 500 \d+ ms$/);
    expect(lines.join('\n')).not.toContain('secret-value');
    expect(lines.join('\n')).not.toContain('{');
  });

  it('production: one JSON object per request, with its status and time', async () => {
    const lines: string[] = [];
    const app = appLogging('production', lines);
    await request(app).get('/action-plan').set('Cookie', 'vigie.sid=abc');
    const records = lines.map((l) => JSON.parse(l) as Record<string, any>);
    const done = records.find((r) => r.msg === 'request completed')!;
    expect(done.res.statusCode).toBe(200);
    expect(typeof done.responseTime).toBe('number');
    expect(done.req.url).toBe('/action-plan');
    expect(done.req.headers.cookie).toBe('[masqué]');
  });
});
