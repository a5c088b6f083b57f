import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A storage folder of the test file's own, set before the application is loaded (import this
 * first): tests that purge temporary uploads must not touch those of other test files running
 * beside them in the shared `var/storage`.
 */
export const OWN_STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-storage-'));
process.env.STORAGE_DIR = OWN_STORAGE_DIR;
