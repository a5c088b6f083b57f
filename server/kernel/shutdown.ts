import type { Server } from 'node:http';
import type { AppContext } from './context';
import { closeStorages } from './storage/create-storage';

/** What {@link gracefulShutdown} stops, in order. */
export interface ShutdownParts {
  server: Server;
  ctx: AppContext;
  /** Stops the job worker after its running jobs, and closes the PDF browser. */
  stopBackground: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  /** Longest wait for requests in flight before their connections are cut. */
  timeoutMs: number;
  log: (message: string) => void;
}

/**
 * Stops accepting connections, lets the requests in flight finish (at most `timeoutMs`, then cuts
 * what is left), finishes the running jobs, then closes the PDF browser, the object store's
 * sockets and the pool: an orchestrator's SIGTERM never cuts a save or a job in half.
 */
export async function gracefulShutdown(parts: ShutdownParts): Promise<void> {
  const { server, ctx, timeoutMs, log } = parts;
  ctx.draining = true;
  const started = Date.now();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Kept-alive sockets with no request would hold `close` until their own timeout.
  server.closeIdleConnections();
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), timeoutMs); });
  const outcome = await Promise.race([closed.then(() => 'done' as const), late]);
  clearInterval(idleSweep);
  clearTimeout(timer);
  if (outcome === 'late') {
    log(`arrêt : requêtes encore en cours après ${timeoutMs} ms, connexions coupées`);
    server.closeAllConnections();
  }
  await parts.stopBackground();
  await closeStorages();
  await parts.closeDatabase();
  log(`arrêt propre en ${Date.now() - started} ms`);
}
