import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** A text field, or a file made of `head` followed by zero bytes up to `size`. */
export type Part = { name: string; value: string } | { name: string; filename: string; head: Buffer; size: number };

/** What {@link postStreamed} saw: the answer, and how much of the body had left when it came. */
export interface StreamedReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Bytes handed to the socket when the answer arrived. */
  sent: number;
  /** Size of the whole body. */
  total: number;
  /** Error code of the connection while sending on after the answer (`keepSendingMs`). */
  lateError?: string;
}

/** The app listening on a loopback port, for clients that must control how the body is sent. */
export async function listen(app: Express): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function* segments(parts: Part[], boundary: string): Generator<Buffer> {
  const CHUNK = 64 * 1024;
  for (const part of parts) {
    if ('value' in part) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
      continue;
    }
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    yield part.head;
    for (let left = part.size - part.head.length; left > 0; left -= CHUNK) yield Buffer.alloc(Math.min(CHUNK, left));
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}

/** Size of the multipart body of `parts`. */
export function multipartSize(parts: Part[]): number {
  let total = 0;
  for (const s of segments(parts, 'x'.repeat(32))) total += s.length;
  return total;
}

/**
 * POSTs `parts` as multipart/form-data, chunk by chunk with backpressure, and stops sending as
 * soon as an answer arrives: `sent < total` proves the server answered before reading it all.
 * `chunked` sends no Content-Length. `keepSendingMs` goes on sending that long after the answer,
 * as a browser busy uploading does, and reports in `lateError` a connection the server cut.
 */
export function postStreamed(url: string, headers: Record<string, string>, parts: Part[], opts: { chunked?: boolean; keepSendingMs?: number } = {}): Promise<StreamedReply> {
  const boundary = crypto.randomBytes(16).toString('hex');
  const total = multipartSize(parts);
  const u = new URL(url);
  return new Promise<StreamedReply>((resolve, reject) => {
    let sent = 0;
    let answeredAt: number | null = null;
    let lateError: string | undefined;
    let reply: Omit<StreamedReply, 'lateError'> | null = null;
    let sending = true;
    let wake: (() => void) | null = null;
    const finish = () => {
      if (!reply || sending) return;
      resolve({ ...reply, lateError });
      req.destroy();
    };
    const req = http.request({
      host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST',
      headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...(opts.chunked ? {} : { 'Content-Length': String(total) }) },
    });
    req.on('response', (res) => {
      answeredAt = Date.now();
      const sentWhenAnswered = sent;
      if (opts.keepSendingMs) setTimeout(() => wake?.(), opts.keepSendingMs);
      else wake?.();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        reply = { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), sent: sentWhenAnswered, total };
        finish();
      });
    });
    // Writing after the answer may fail once the server closes: only an error before it fails the call.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answeredAt === null) reject(err);
      else lateError ??= err.code ?? err.message;
      wake?.();
    });
    req.on('close', () => wake?.());
    const keepOn = () => answeredAt === null || (opts.keepSendingMs !== undefined && Date.now() - answeredAt < opts.keepSendingMs);
    void (async () => {
      for (const chunk of segments(parts, boundary)) {
        if (!keepOn() || req.destroyed) break;
        if (answeredAt === null) sent += chunk.length;
        if (!req.write(chunk)) await new Promise<void>((resolve) => { wake = resolve; req.once('drain', resolve); });
        wake = null;
      }
      if (answeredAt === null && !req.destroyed) req.end();
      sending = false;
      finish();
    })();
  });
}

/** Logs in over plain HTTP; returns the session cookie and the CSRF token of the home page. */
export async function rawLogin(base: string, user: { username: string; password: string }): Promise<{ cookie: string; csrf: string }> {
  const tokenOf = (html: string) => /name="_csrf_token" value="([^"]+)"/.exec(html)![1];
  const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('vigie.sid='))!;
  const page = await fetch(`${base}/login`);
  let cookie = cookieOf(page);
  const login = await fetch(`${base}/login`, {
    method: 'POST', redirect: 'manual',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _username: user.username, _password: user.password, _csrf_token: tokenOf(await page.text()) }),
  });
  if (login.status !== 302) throw new Error(`Connexion refusée (${login.status})`);
  cookie = cookieOf(login) ?? cookie;
  const home = await fetch(`${base}/`, { headers: { Cookie: cookie } });
  return { cookie, csrf: tokenOf(await home.text()) };
}
