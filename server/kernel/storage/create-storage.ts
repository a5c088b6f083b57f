import type { AppConfig } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** One store per configuration: the modules' many `createStorage(loadConfig())` share one S3 client. */
const opened = new Map<string, Storage>();

/**
 * The storage of this deployment: local disk under `config.storageDir` by default, an
 * S3-compatible object store when `STORAGE_DRIVER=s3` (several instances then share their files).
 */
export function createStorage(config: Pick<AppConfig, 'storageDir'> & Partial<Pick<AppConfig, 'storage'>>): Storage {
  const chosen = config.storage ?? { driver: 'local' as const };
  const id = chosen.driver === 's3' ? `s3:${chosen.endpoint ?? ''}:${chosen.bucket}:${chosen.accessKeyId ?? ''}` : `local:${config.storageDir}`;
  let storage = opened.get(id);
  if (!storage) {
    storage = chosen.driver === 's3' ? new S3Storage(chosen) : new LocalDiskStorage(config.storageDir);
    opened.set(id, storage);
  }
  return storage;
}

/** Closes the S3 clients opened by {@link createStorage} (graceful shutdown). */
export async function closeStorages(): Promise<void> {
  for (const s of opened.values()) if (s instanceof S3Storage) await s.close();
}
