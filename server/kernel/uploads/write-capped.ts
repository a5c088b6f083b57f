import fs from 'node:fs';
import type { Readable } from 'node:stream';

/** How {@link writeCapped} ended. */
export interface CappedWrite {
  /** False when the stream went past the limit: nothing is left on disk, the stream is paused. */
  complete: boolean;
  bytes: number;
}

/**
 * Writes `stream` to the new file `target`, chunk by chunk with backpressure, until `maxBytes`.
 * At the first byte beyond it stops writing, deletes the file and resolves `complete: false`
 * with the stream paused (the caller skips the rest with {@link skipRest} or gives up). On a
 * stream or disk error the file is deleted and the promise rejects. `inspect` sees each chunk
 * kept (a streaming content check); `onOverflow` is told at once when the limit is crossed.
 */
export function writeCapped(stream: Readable, target: string, maxBytes: number, hooks: { inspect?: (chunk: Buffer) => void; onOverflow?: () => void } = {}): Promise<CappedWrite> {
  return new Promise<CappedWrite>((resolve, reject) => {
    if (stream.destroyed) return reject(new Error('File part closed before it was read'));
    const out = fs.createWriteStream(target, { flags: 'wx' });
    let bytes = 0;
    let done = false;
    const finish = (err: unknown, complete: boolean): void => {
      if (done) return;
      done = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.pause();
      if (complete) {
        out.once('close', () => resolve({ complete, bytes }));
        out.end();
        return;
      }
      out.once('close', () => fs.rm(target, { force: true }, () => (err ? reject(err) : resolve({ complete, bytes }))));
      out.destroy();
    };
    const onData = (chunk: Buffer): void => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        finish(null, false);
        hooks.onOverflow?.();
        return;
      }
      hooks.inspect?.(chunk);
      if (!out.write(chunk)) {
        stream.pause();
        out.once('drain', () => { if (!done) stream.resume(); });
      }
    };
    const onEnd = (): void => finish(null, true);
    const onError = (err: unknown): void => finish(err, false);
    out.on('error', onError);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/** Reads the rest of `stream` into nothing; resolves at its end, rejects if it fails. */
export function skipRest(stream: Readable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (stream.readableEnded) return resolve();
    if (stream.destroyed) return reject(new Error('File part closed before it was read'));
    stream.once('end', resolve);
    stream.once('error', reject);
    stream.resume();
  });
}
