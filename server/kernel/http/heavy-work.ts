import type { NextFunction, Request, Response } from 'express';
import { heavyWorkLimits, WorkLimiter, WorkRefused, type RefusalReason, type WorkLimits } from '../work-limiter';
import { isFragmentRequest, renderView } from './render';

/**
 * Expensive work a route does, declared on its route as `heavy` (docs/services.md, « Travaux
 * coûteux »): the printed PDF, an archive, a CSV export.
 */
export type HeavyKind = 'pdf' | 'zip' | 'export';

type Handler = (req: Request, res: Response, next: NextFunction) => unknown;

/** Seconds the client is told to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

// One limiter per process: what it protects (CPU, the shared Chromium) is per process too.
let limiter: WorkLimiter | null = null;

function heavyLimiter(): WorkLimiter {
  limiter ??= new WorkLimiter(heavyWorkLimits());
  return limiter;
}

/** Replaces the limits of heavy routes (tests); work already running keeps its old slot. */
export function setHeavyWorkLimits(limits: WorkLimits): void {
  limiter = new WorkLimiter(limits);
}

/** Heavy requests running and waiting in this process. */
export function heavyWorkStats(): { running: number; waiting: number } {
  return heavyLimiter().stats();
}

/** Whose work it is: the logged-in user, or the client's address on a public route. */
function workKey(req: Request): string {
  return req.authUser ? `user:${req.authUser.id}` : `ip:${req.ip ?? 'unknown'}`;
}

/** Resolves when the response is over: sent to the end, or the client left. */
function responseClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    if (res.closed) resolve();
    else res.once('close', () => resolve());
  });
}

/** A link back to the refused address, only if it stays on this site. */
function retryUrl(req: Request): string | null {
  const url = req.originalUrl;
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}

async function sendBusy(req: Request, res: Response, kind: HeavyKind, reason: RefusalReason): Promise<void> {
  req.log?.info({ heavy: kind, reason }, 'heavy work refused');
  // The user's own document is still being made (429); otherwise the whole server is busy (503).
  const status = reason === 'key_busy' ? 429 : 503;
  res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  res.setHeader('Cache-Control', 'no-store');
  if (isFragmentRequest(req) || req.method !== 'GET') {
    res.status(status).json({ message: req.t('errors.busy.message') });
    return;
  }
  const html = await renderView(res, 'errors/busy', { status, retryUrl: retryUrl(req) });
  res.status(status).type('html').send(html);
}

/**
 * Wraps the handler of a heavy route: it runs only in a slot of the heavy-work limiter, held
 * from the handler's start to the end of the response (a streamed archive included, and until
 * the handler has finished even when the client left early). Beyond the limits the client gets
 * « Le serveur prépare déjà d'autres documents : réessayez dans un instant. » with Retry-After.
 */
export function heavyHandler(kind: HeavyKind, handler: Handler): Handler {
  return async (req, res, next) => {
    const closed = responseClosed(res);
    const left = new AbortController();
    void closed.then(() => left.abort());
    let release: () => void;
    try {
      release = await heavyLimiter().acquire(workKey(req), left.signal);
    } catch (err) {
      if (!(err instanceof WorkRefused)) throw err;
      if (err.reason !== 'aborted') await sendBusy(req, res, kind, err.reason);
      return;
    }
    try {
      return await handler(req, res, next);
    } finally {
      void closed.then(release);
    }
  };
}
