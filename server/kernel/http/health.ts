import type { Express, Response } from 'express';
import type { AppContext } from '../context';
import type { Storage } from '../storage/storage';

/** Longest wait for the database or the store before `/readyz` says it is not ready. */
const PROBE_TIMEOUT_MS = 2000;

function withinTime(work: Promise<unknown>, ms: number): Promise<'ok' | 'injoignable'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'injoignable'>((resolve) => { timer = setTimeout(() => resolve('injoignable'), ms); });
  return Promise.race([work.then(() => 'ok' as const, () => 'injoignable' as const), late]).finally(() => clearTimeout(timer));
}

function answer(res: Response, status: number, body: Record<string, unknown>): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.json(body);
}

/**
 * `/healthz`: the process answers (a liveness probe: restart me if not). `/readyz`: the database
 * and the file store answer, and the instance is not shutting down (a readiness probe: send me
 * traffic or not). Both without a session, a cookie or a log line, before every other middleware.
 */
export function mountHealth(app: Express, ctx: AppContext, storage: Storage): void {
  app.get('/healthz', (_req, res) => answer(res, 200, { status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    if (ctx.draining) return answer(res, 503, { status: 'arrêt en cours' });
    const [database, store] = await Promise.all([
      withinTime(ctx.db.query('SELECT 1'), PROBE_TIMEOUT_MS),
      withinTime(storage.ping(), PROBE_TIMEOUT_MS),
    ]);
    const ready = database === 'ok' && store === 'ok';
    answer(res, ready ? 200 : 503, { status: ready ? 'prêt' : 'pas prêt', database, storage: store });
  });
}
