import fs from 'node:fs';
import path from 'node:path';
import ejs from 'ejs';
import { ROOT_DIR } from '../config';

/** Directory of the EJS views. */
export const VIEWS_DIR = path.join(ROOT_DIR, 'views');

/**
 * How every view is compiled. Compiled once per file and kept (`cache`) in every mode: compiling
 * costs more than rendering, and tests render the same views thousands of times. Indentation and
 * blank lines of the template source are dropped (`rmWhitespace`): a 50-row list loses about a
 * fifth of its bytes; line breaks stay, so text never runs together.
 */
export const TEMPLATE_OPTIONS = { async: false, cache: true, rmWhitespace: true, root: VIEWS_DIR } as const;

let watching = false;

/**
 * In development, an edited view is read again: the compiled cache is emptied whenever a file
 * under `views/` changes. Production and tests never watch (their views do not change).
 */
export function watchTemplates(env: string): void {
  if (watching || env !== 'development') return;
  watching = true;
  try {
    fs.watch(VIEWS_DIR, { recursive: true, persistent: false }, () => ejs.clearCache());
  } catch {
    // A file system without recursive watching: views are then read once, as in production.
  }
}

/** Renders the view file `file` (absolute path) with `locals`, compiled once. */
export function renderTemplate(file: string, locals: Record<string, unknown>): string {
  return ejs.renderFile(file, locals, TEMPLATE_OPTIONS) as unknown as string;
}
