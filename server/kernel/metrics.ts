import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { Counter, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (docs/deployment.md, « Métriques »). The kernel's pieces report through the
 * functions below; they cost nothing until {@link enableMetrics} runs, which loads prom-client only
 * when the deployment asks for metrics (`METRICS_PORT` or `METRICS_TOKEN`).
 */
interface Sink {
  registry: Registry;
  requests: Histogram<'route' | 'method' | 'status'>;
  pdf: Histogram<'outcome'>;
  jobFailures: Counter<'job' | 'final'>;
}

let sink: Sink | null = null;

/** A request answered: its route name (`unmatched` for 404s, `static` for assets), method, status, seconds. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  sink?.requests.observe({ route, method, status: String(status) }, seconds);
}

/** A PDF printed (or failed) in `seconds`. */
export function observePdf(seconds: number, outcome: 'ok' | 'error'): void {
  sink?.pdf.observe({ outcome }, seconds);
}

/** A job run failed; `final` when it will not be retried. */
export function countJobFailure(job: string, final: boolean): void {
  sink?.jobFailures.inc({ job, final: final ? 'oui' : 'non' });
}

/** Express middleware timing every request for {@link observeRequest}. */
export function requestMetrics(req: Request, res: Response, next: NextFunction): void {
  if (!sink) return next();
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const route = req.routeName ?? (/^\/(?:build|static)\//.test(req.path) ? 'static' : 'unmatched');
    observeRequest(route, req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
}

/**
 * Loads prom-client and registers the metrics: request durations, PDF durations, job failures,
 * plus, read at each scrape, the pool's connections and the job queue's depth, and the process's
 * own (memory, CPU, event-loop lag).
 */
export async function enableMetrics(ds: DataSource): Promise<Registry> {
  if (sink) return sink.registry;
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, prefix: 'vigie_' });
  const pool = (ds.driver as unknown as { master?: Pool }).master;
  new prom.Gauge({
    name: 'vigie_db_pool_connections', help: 'Connexions du pool PostgreSQL par état', labelNames: ['state'], registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new prom.Gauge({
    name: 'vigie_jobs', help: 'Travaux en file (pending) et en cours (running)', labelNames: ['status'], registers: [registry],
    async collect() {
      // Both counts read the partial indexes of pending and running jobs, never the done ones.
      const [row] = await ds.query(`SELECT (SELECT count(*) FROM "job" WHERE "status" = 'pending')::int AS pending, (SELECT count(*) FROM "job" WHERE "status" = 'running')::int AS running`);
      this.set({ status: 'pending' }, row.pending);
      this.set({ status: 'running' }, row.running);
    },
  });
  sink = {
    registry,
    requests: new prom.Histogram({
      name: 'vigie_http_request_duration_seconds', help: 'Durée des requêtes HTTP par route nommée', labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers: [registry],
    }),
    pdf: new prom.Histogram({
      name: 'vigie_pdf_duration_seconds', help: 'Durée d\'impression des PDF', labelNames: ['outcome'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30], registers: [registry],
    }),
    jobFailures: new prom.Counter({ name: 'vigie_job_failures_total', help: 'Échecs de travaux (final : plus de nouvel essai)', labelNames: ['job', 'final'], registers: [registry] }),
  };
  return registry;
}

/** Forgets the metrics (tests). */
export function disableMetrics(): void {
  sink = null;
}

/** True when `given` is the configured token (constant time). */
function tokenMatches(given: string | undefined, token: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `GET /metrics` on the app, for a scraper presenting `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsRoute(token: string) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!sink || !tokenMatches(req.get('authorization'), token)) {
      res.status(404).end();
      return;
    }
    res.setHeader('Content-Type', sink.registry.contentType);
    res.send(await sink.registry.metrics());
  };
}

/** A server of its own on `port` answering `/metrics` (a port the proxy does not publish). */
export function startMetricsServer(port: number, host = '0.0.0.0'): http.Server {
  return http.createServer(async (req, res) => {
    if (!sink || req.url !== '/metrics') {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', sink.registry.contentType);
    res.end(await sink.registry.metrics());
  }).listen(port, host);
}
