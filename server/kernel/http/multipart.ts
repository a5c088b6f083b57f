import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import appendField from 'append-field';
import busboy from 'busboy';
import { closeAfterAnswer } from './close-after-answer';
import { HttpError } from './errors';

/** Largest text field of a multipart form (a signature drawn as a data URL is about 500 KB). */
export const MAX_FIELD_BYTES = 2 * 1024 * 1024;

/** Most parts (fields and files) one multipart form may have. */
export const MAX_PARTS = 2000;

declare global {
  namespace Express {
    interface Request {
      /**
       * Set by the dispatcher: judges the fields read before the first file part (the CSRF token
       * when no header carried it). An error stops the request before any file is written.
       */
      beforeFileParts?: (body: Record<string, unknown>) => HttpError | null;
    }
  }
}

/** A file part, handed to {@link MultipartOptions.onFile} while it is still arriving. */
export interface MultipartFile {
  field: string;
  fileName: string;
  stream: Readable;
}

/** What the reader knows when a file part starts. */
export interface MultipartProgress {
  /** The fields read so far. */
  body: Record<string, unknown>;
  /**
   * True when the client announced a body within the request limit: reading on to the end is
   * cheap, so a refused file can be skipped and the rest of the form kept.
   */
  fitsDeclared: boolean;
  /** Stops the whole request now with `err` (a file handler that saw enough). */
  stop(err: HttpError): void;
}

/** Limits and file handling of {@link readMultipart}. */
export interface MultipartOptions {
  /** Most bytes the whole body may have; reading stops at the first byte beyond (413). */
  maxBytes: number;
  maxFieldBytes?: number;
  maxParts?: number;
  /**
   * Called for each file part in order; must consume `file.stream` (write or skip it). A
   * rejection stops the request at once with that error. Without it, a file answers 400.
   */
  onFile?: (file: MultipartFile, progress: MultipartProgress) => Promise<void>;
}

const tooLarge = () => new HttpError(413, 'errors.too_large');
const malformed = () => new HttpError(400, 'errors.bad_request');

// Browsers escape CR, LF and '"' in names as the HTML spec says; busboy leaves them escaped.
const decodeName = (name: string) => name.replace(/%0A|%0D|%22/gi, (m) => ({ '%0A': '\n', '%0D': '\r', '%22': '"' })[m.toUpperCase()]!);

/**
 * Reads a multipart/form-data body as it arrives: text fields into `req.body` (`a[b][]` names
 * nest as with multer), file parts to `onFile`, never the body whole into memory. Counts bytes
 * while reading and stops at the first limit crossed; a stopped request is left unread and
 * answered with `Connection: close` (see {@link closeAfterAnswer}), so the client is told at once.
 * Does nothing for another content type.
 */
export function readMultipart(req: Request, res: Response, opts: MultipartOptions): Promise<void> {
  if (!req.is('multipart/form-data')) return Promise.resolve();
  const maxFieldBytes = opts.maxFieldBytes ?? MAX_FIELD_BYTES;
  const maxParts = opts.maxParts ?? MAX_PARTS;
  const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
  const body: Record<string, unknown> = Object.create(null);
  const progress: MultipartProgress = { body, fitsDeclared: declared !== null && declared <= opts.maxBytes, stop: () => undefined };

  return new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fieldSize: maxFieldBytes + 1, parts: maxParts + 1 } });
    } catch {
      reject(malformed());
      return;
    }
    const pending: Array<Promise<void>> = [];
    let received = 0;
    let gatePassed = false;
    let settled = false;

    const stop = (err: unknown): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      closeAfterAnswer(req, res);
      parser.destroy(err instanceof Error ? err : malformed());
      // Let every file handler clean up what it wrote before the answer goes.
      void Promise.allSettled(pending).then(() => reject(err));
    };
    progress.stop = stop;

    // A manual pipe that cuts at the limit. The bytes within it are parsed, and their file parts
    // read, before the request stops: a refusal they hold (a file past its own limit) is the one
    // the user reads; only then does the byte beyond stop the rest.
    let unparsed = 0;
    let whenParsed: (() => void) | null = null;
    const write = (chunk: Buffer): boolean => {
      unparsed++;
      return parser.write(chunk, () => {
        if (--unparsed > 0 || !whenParsed) return;
        const then = whenParsed;
        whenParsed = null;
        setImmediate(then);
      });
    };
    const onData = (chunk: Buffer): void => {
      const room = opts.maxBytes - received;
      received += chunk.length;
      if (chunk.length > room) {
        req.pause();
        req.off('data', onData);
        if (room > 0) write(chunk.subarray(0, room));
        const over = () => stop(tooLarge());
        if (unparsed === 0) setImmediate(over);
        else whenParsed = over;
        return;
      }
      if (!write(chunk)) {
        req.pause();
        parser.once('drain', () => { if (!settled) req.resume(); });
      }
    };
    const onEnd = (): void => { parser.end(); };

    parser.on('field', (name, value, info) => {
      if (settled) return;
      if (info.valueTruncated) return stop(tooLarge());
      try {
        appendField(body, decodeName(name), value);
      } catch {
        stop(malformed());
      }
    });

    parser.on('file', (name, stream, info) => {
      // Destroyed with the reason when the request stops; the handler listens for itself.
      stream.on('error', () => undefined);
      // An empty file input still sends a part, without a file name.
      if (settled || !info.filename) {
        stream.resume();
        return;
      }
      if (!gatePassed) {
        const refused = req.beforeFileParts?.(body);
        if (refused) return stop(refused);
        gatePassed = true;
      }
      if (!opts.onFile) return stop(malformed());
      const handled = opts.onFile({ field: decodeName(name), fileName: decodeName(info.filename), stream }, progress);
      pending.push(handled);
      handled.catch(stop);
    });

    parser.on('partsLimit', () => stop(tooLarge()));
    parser.on('error', (err) => stop(err instanceof HttpError ? err : malformed()));
    parser.on('close', () => {
      if (settled) return;
      Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        req.body = body;
        resolve();
      }, stop);
    });
    req.on('close', () => {
      if (!req.complete) stop(malformed());
    });

    req.on('data', onData);
    req.on('end', onEnd);
  });
}
