import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A running embedded database: its connection URL and how to stop it. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Finds a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts PGlite served by pglite-socket in a worker thread, so the app talks to it with the
 * ordinary `pg` driver. `dataDir` undefined keeps the data in memory (tests).
 */
export async function startEmbeddedDatabase(opts: { dataDir?: string; port?: number; maxConnections?: number } = {}): Promise<EmbeddedDatabase> {
  if (opts.dataDir) fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const port = opts.port ?? await freePort();
  // Every pool (TypeORM, sessions, jobs) shares this budget: keep it above their sum.
  const worker = new Worker(path.join(__dirname, 'pglite-worker.mjs'), {
    workerData: { dataDir: opts.dataDir, port, maxConnections: opts.maxConnections ?? 40 },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m) => (m && m.ready ? resolve() : reject(new Error('PGlite n\'a pas démarré'))));
  });
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      const stopped = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 5000))]);
      await worker.terminate();
    },
  };
}
