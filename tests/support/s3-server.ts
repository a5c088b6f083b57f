import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../../server/kernel/storage/s3-storage';

/** A running S3-compatible server on loopback, its bucket, and how to stop it. */
export interface TestS3 {
  options: S3Options;
  /** The same store as environment variables, for a child process (`STORAGE_DRIVER=s3`…). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 (a free port, objects in a temporary folder) with `bucket` created:
 * the S3 driver is tested against a real HTTP S3 API, without Docker or the network.
 */
export async function startTestS3(bucket = 'vigie-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts only its own key pair.
  const options: S3Options = { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    options,
    env: { STORAGE_DRIVER: 's3', S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
