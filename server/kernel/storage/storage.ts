import type { Readable } from 'node:stream';

/** Optional facts stored beside an object (drivers may ignore them). */
export interface PutMeta {
  contentType?: string;
}

/** One object found by {@link Storage.list}. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
  sizeBytes: number;
}

/**
 * Where files live: the local disk now, an S3-compatible store when the app scales out.
 * Keys are always made by the server (see `tenantKey`), never taken from a request.
 */
export interface Storage {
  put(key: string, data: Buffer | Readable, meta?: PutMeta): Promise<void>;
  /** Opens the object; rejects with {@link StorageNotFoundError} when absent. */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; absent objects are not an error. */
  delete(key: string): Promise<void>;
  move(from: string, to: string): Promise<void>;
  /** Every object whose key starts with `prefix` (used to purge orphans). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Rejects unless the store can be used now (`/readyz`). */
  ping(): Promise<void>;
}

/** Raised by {@link Storage.get} and {@link Storage.move} on a missing key. */
export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Fichier introuvable dans le stockage : ${key}`);
    this.name = 'StorageNotFoundError';
  }
}
