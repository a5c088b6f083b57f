import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey } from './keys';
import { StorageNotFoundError, type PutMeta, type Storage, type StoredObject } from './storage';

/** Where an S3-compatible store is and how to reach it (from the environment, see `loadConfig`). */
export interface S3Options {
  bucket: string;
  region: string;
  /** Endpoint of a store other than AWS (MinIO, Ceph, Scaleway, OVH…); AWS's own when absent. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO needs it). */
  forcePathStyle: boolean;
  /** Static credentials; when absent the SDK's own chain (AWS_* variables, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Objects larger than this go up in parts of this size (the S3 minimum is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

type S3Module = typeof import('@aws-sdk/client-s3');

/** True for the store's « no such key » answers (GET, HEAD and COPY word it differently). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * {@link Storage} on an S3-compatible object store, so that several instances of the app share
 * their files. Bodies are streamed both ways: uploads of unknown length go up in parts, downloads
 * are the store's response stream. The SDK is loaded on first use: an install on local disk never
 * pays for it.
 */
export class S3Storage implements Storage {
  private sdk: Promise<{ s3: S3Module; client: S3Client }> | null = null;

  constructor(private readonly options: S3Options) {}

  private connect(): Promise<{ s3: S3Module; client: S3Client }> {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => {
      const o = this.options;
      const client = new s3.S3Client({
        region: o.region,
        endpoint: o.endpoint,
        forcePathStyle: o.forcePathStyle,
        credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
      });
      return { s3, client };
    });
    return this.sdk;
  }

  async put(key: string, data: Buffer | Readable, meta?: PutMeta): Promise<void> {
    assertSafeKey(key);
    const { s3, client } = await this.connect();
    const params = { Bucket: this.options.bucket, Key: key, ContentType: meta?.contentType };
    if (Buffer.isBuffer(data)) {
      await client.send(new s3.PutObjectCommand({ ...params, Body: data }));
      return;
    }
    // A stream's length is unknown: a multipart upload keeps at most a few parts in memory.
    const { Upload } = await import('@aws-sdk/lib-storage');
    await new Upload({ client, params: { ...params, Body: data }, partSize: PART_BYTES, queueSize: 2 }).done();
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    const { s3, client } = await this.connect();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    const { s3, client } = await this.connect();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Copy then delete: S3 has no rename. A crash in between leaves both, which `moveOnce` tolerates. */
  async move(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    const { s3, client } = await this.connect();
    const bucket = this.options.bucket;
    try {
      await client.send(new s3.CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }));
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(from);
      throw err;
    }
    await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: from }));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const clean = prefix.replace(/\/+$/, '');
    if (clean) assertSafeKey(clean);
    const { s3, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: clean ? `${clean}/` : undefined, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date(0), sizeBytes: Number(o.Size ?? 0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Rejects unless the bucket answers (readiness). */
  async ping(): Promise<void> {
    const { s3, client } = await this.connect();
    await client.send(new s3.HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  /** Closes the SDK's sockets (graceful shutdown). */
  async close(): Promise<void> {
    if (!this.sdk) return;
    const { client } = await this.sdk;
    client.destroy();
  }
}
