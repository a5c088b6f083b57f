import type { AppConfig } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import type { Storage } from './storage';

/** The storage of this deployment: local disk under `config.storageDir` (S3 is the scale-out path). */
export function createStorage(config: Pick<AppConfig, 'storageDir'>): Storage {
  return new LocalDiskStorage(config.storageDir);
}
