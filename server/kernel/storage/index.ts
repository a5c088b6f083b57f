export { type Storage, type PutMeta, type StoredObject, StorageNotFoundError } from './storage';
export { assertSafeKey, safeSlug, tenantKey, tmpKey } from './keys';
export { LocalDiskStorage, readAll } from './local-disk-storage';
export { createStorage } from './create-storage';
export { StoredFile } from './stored-file.entity';
export { promoteUpload, purgeOrphanUploads, ORPHAN_AGE_MS, PURGE_ORPHANS_JOB } from './promote';
export { registerPurgeOrphansJob, schedulePurgeOrphans, PURGE_EVERY_MS } from './purge-orphans.job';
export { sendStoredFile, contentDisposition, type SendFileOptions } from './send-stored-file';
export { storedImageDataUrl } from './image-data-url';
