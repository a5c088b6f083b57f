import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Import first in an uploads test: gives this test process its own storage folder and its own
 * temporary folder, so the test can count every file an upload leaves behind, whatever other
 * test processes are doing.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-uploads-test-'));
export const STORAGE_DIR = path.join(root, 'storage');
export const TEMP_DIR = path.join(root, 'tmp');
fs.mkdirSync(STORAGE_DIR);
fs.mkdirSync(TEMP_DIR);
process.env.STORAGE_DIR = STORAGE_DIR;
process.env.TMPDIR = TEMP_DIR;

/** Every file under the storage and temporary folders (partial writes included). */
export function filesLeft(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** Removes the folders (afterAll). */
export function removeUploadDirs(): void {
  fs.rmSync(root, { recursive: true, force: true });
}
