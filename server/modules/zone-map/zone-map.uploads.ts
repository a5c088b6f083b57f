import { loadConfig } from '../../kernel/config';
import { createStorage } from '../../kernel/storage';
import { uploadFiles } from '../../kernel/uploads';

/** Where the zone map's files (map snapshots) go, like every other upload. */
export const zoneStorage = createStorage(loadConfig());

/** The map image posted by the browser, in the multipart field `image`. */
export const parseSnapshot = uploadFiles({ storage: zoneStorage, field: 'image', maxFiles: 1, maxBytes: 10 * 1024 * 1024, allowed: ['png', 'jpg', 'jpeg'] });
