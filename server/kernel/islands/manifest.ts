import fs from 'node:fs';
import path from 'node:path';

/** One chunk of vite's build manifest (`public/build/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** Vite's manifest: source path -> chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** Source path of the client entry, the manifest key of the page's script. */
export const ENTRY = 'islands/core/main.ts';
/** Public URL prefix of the build (vite's `base`). */
export const BUILD_BASE = '/build/';
/** Default build directory (vite's `build.outDir`). */
export const DEFAULT_BUILD_DIR = path.resolve(__dirname, '..', '..', '..', 'public', 'build');

const cache = new Map<string, Manifest>();
let warnedMissing = false;

function isProduction(): boolean {
  return process.env.NODE_ENV === 'production';
}

/**
 * Reads the build manifest of `buildDir` (`<buildDir>/.vite/manifest.json`), or `null` when it
 * is missing or unreadable. Cached in production; re-read otherwise so a rebuild is picked up.
 */
export function readManifest(buildDir: string = DEFAULT_BUILD_DIR): Manifest | null {
  const file = path.join(buildDir, '.vite', 'manifest.json');
  if (isProduction() && cache.has(file)) return cache.get(file)!;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    if (!warnedMissing) {
      warnedMissing = true;
      console.warn(`[islands] build manifest not readable (${file}); run \`npx vite build\`: ${(error as Error).message}`);
    }
    return null;
  }
  if (isProduction()) cache.set(file, manifest);
  return manifest;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The entry's static imports, transitively (each once, entry excluded). */
function staticImports(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  for (const imported of manifest[key]?.imports ?? []) {
    if (seen.has(imported) || imported === key) continue;
    seen.add(imported);
    staticImports(manifest, imported, seen);
  }
  return [...seen];
}

/** Folder of the client's own lazy chunks (date pickers, searches, rich text, tooltips). */
const LAZY_PREFIX = 'islands/core/';

/**
 * URLs of the entry's lazy chunks under `islands/core/`, by module name (`date-pickers`): the
 * client requests one with a `<script>` while the page loads, so that the page's `load` waits for
 * it (islands/core/lazy-enhancer.ts). Each with the stylesheets the entry does not already link.
 */
export function lazyChunkUrls(manifest: Manifest, entry: string = ENTRY, base: string = BUILD_BASE): Record<string, { js: string; css?: string[] }> {
  const entryCss = new Set<string>(manifest[entry]?.css ?? []);
  staticImports(manifest, entry).forEach((key) => manifest[key]?.css?.forEach((file) => entryCss.add(file)));
  const urls: Record<string, { js: string; css?: string[] }> = {};
  for (const key of manifest[entry]?.dynamicImports ?? []) {
    const chunk = manifest[key];
    if (!chunk || !key.startsWith(LAZY_PREFIX)) continue;
    const name = path.basename(key).replace(/\.[cm]?[jt]sx?$/, '');
    const css = new Set<string>(chunk.css ?? []);
    staticImports(manifest, key).forEach((k) => manifest[k]?.css?.forEach((file) => css.add(file)));
    const own = [...css].filter((file) => !entryCss.has(file)).map((file) => base + file);
    urls[name] = own.length ? { js: base + chunk.file, css: own } : { js: base + chunk.file };
  }
  return urls;
}

/** Options of {@link assetTags}, mostly for tests. */
export interface AssetTagOptions {
  buildDir?: string;
  base?: string;
  entry?: string;
}

/**
 * HTML for the layout's `<head>`: the entry's stylesheets (its own and its static imports'),
 * modulepreload links for its static imports, the `<script type="module" nonce>` of the entry and
 * the URLs of its lazy chunks (`<script type="application/json" id="vigie-chunks">`, see
 * {@link lazyChunkUrls}). Without a manifest (build not run) returns an HTML comment instead of
 * crashing.
 */
export function assetTags(nonce: string, options: AssetTagOptions = {}): string {
  const base = options.base ?? BUILD_BASE;
  const entry = options.entry ?? ENTRY;
  const manifest = readManifest(options.buildDir ?? DEFAULT_BUILD_DIR);
  const chunk = manifest?.[entry];
  if (!manifest || !chunk) return '<!-- islands build missing: run `npx vite build` -->';
  const imports = staticImports(manifest, entry);
  const css = new Set<string>(chunk.css ?? []);
  imports.forEach((key) => manifest[key]?.css?.forEach((file) => css.add(file)));
  const url = (file: string): string => escapeAttribute(base + file);
  const n = escapeAttribute(nonce);
  const tags: string[] = [];
  css.forEach((file) => tags.push(`<link rel="stylesheet" href="${url(file)}">`));
  imports.forEach((key) => {
    const file = manifest[key]?.file;
    if (file) tags.push(`<link rel="modulepreload" href="${url(file)}" nonce="${n}">`);
  });
  tags.push(`<script type="module" nonce="${n}" src="${url(chunk.file)}"></script>`);
  const lazy = lazyChunkUrls(manifest, entry, base);
  if (Object.keys(lazy).length) tags.push(`<script type="application/json" id="vigie-chunks">${JSON.stringify(lazy).replace(/</g, '\\u003c')}</script>`);
  return tags.join('\n');
}

/** Forgets cached manifests and the "missing" warning (tests). */
export function resetManifestCache(): void {
  cache.clear();
  warnedMissing = false;
}
