import type { Request, Response } from 'express';

/** How long the rest of a refused body is still read, and dropped, once its answer is sent. */
export const LINGER_MS = 2000;

const lingering = new WeakSet<object>();

/**
 * Marks the answer to a request refused before its body was read whole (`Connection: close`),
 * and makes its connection close the way nginx's lingering close does.
 *
 * Node destroys the socket as soon as such an answer is written. A client still sending then
 * meets a reset, and the reset may wipe the answer before the client reads it: a browser shows
 * "connection reset" instead of the French 413 or 403. So the answer is followed by the end of
 * our side only, the rest of the body is read and dropped, and the socket is destroyed when the
 * client closes or after {@link LINGER_MS}, whichever comes first.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  if (req.complete || res.headersSent) return;
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  if (lingering.has(socket)) return;
  lingering.add(socket);
  // Node calls destroySoon() on this socket once a `Connection: close` answer has finished.
  socket.destroySoon = function lingeringClose(this: typeof socket): void {
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
    this.end();
    req.removeAllListeners('data');
    req.on('error', () => undefined);
    req.resume();
  };
}
