import type { Request } from 'express';

/** A one-shot message shown on the next page (POST-redirect-GET). */
export interface Flash {
  type: 'success' | 'danger' | 'warning' | 'info';
  /** Translation key. */
  message: string;
  params?: Record<string, unknown>;
}

/** Queues a flash message for the next page. */
export function addFlash(req: Request, type: Flash['type'], message: string, params?: Record<string, unknown>): void {
  const s = req.session as unknown as { flashes?: Flash[] };
  s.flashes = [...(s.flashes ?? []), { type, message, params }];
}

/** Takes (and clears) the queued flash messages. */
export function takeFlashes(req: Request): Flash[] {
  const s = req.session as unknown as { flashes?: Flash[] } | undefined;
  if (!s?.flashes?.length) return [];
  const out = s.flashes;
  s.flashes = [];
  return out;
}
