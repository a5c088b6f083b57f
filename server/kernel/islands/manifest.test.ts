import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assetTags, lazyChunkUrls, readManifest, resetManifestCache, type Manifest } from './manifest';

const manifest: Manifest = {
  'islands/core/main.ts': {
    file: 'assets/main-abc.js',
    src: 'islands/core/main.ts',
    isEntry: true,
    imports: ['_shared-1.js'],
    dynamicImports: ['islands/relative-time/index.tsx'],
    css: ['assets/main-abc.css'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  'islands/relative-time/index.tsx': { file: 'assets/relative-time-x.js', isDynamicEntry: true },
};

function writeManifest(dir: string, content: Manifest): void {
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(content));
}

describe('islands manifest', () => {
  let dir: string;
  const env = process.env.NODE_ENV;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-manifest-'));
    resetManifestCache();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    process.env.NODE_ENV = env;
    warn.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('emits the stylesheets, the preloads and the nonce-bearing module script of the entry', () => {
    writeManifest(dir, manifest);
    const html = assetTags('n0nce', { buildDir: dir });
    expect(html).toContain('<link rel="stylesheet" href="/build/assets/main-abc.css">');
    expect(html).toContain('<link rel="stylesheet" href="/build/assets/shared-1.css">');
    expect(html).toContain('<link rel="modulepreload" href="/build/assets/shared-1.js" nonce="n0nce">');
    expect(html).toContain('<script type="module" nonce="n0nce" src="/build/assets/main-abc.js"></script>');
    expect(html).not.toContain('relative-time');
  });

  it("lists the client's lazy chunks (not the islands) with their own stylesheets", () => {
    const withLazy: Manifest = {
      ...manifest,
      'islands/core/main.ts': { ...manifest['islands/core/main.ts'], dynamicImports: ['islands/core/date-pickers.ts', 'islands/relative-time/index.tsx'] },
      'islands/core/date-pickers.ts': { file: 'assets/date-pickers-d.js', isDynamicEntry: true, imports: ['_shared-1.js'], css: ['assets/date-pickers-d.css'] },
    };
    expect(lazyChunkUrls(withLazy)).toEqual({ 'date-pickers': { js: '/build/assets/date-pickers-d.js', css: ['/build/assets/date-pickers-d.css'] } });
    writeManifest(dir, withLazy);
    expect(assetTags('n', { buildDir: dir })).toContain('<script type="application/json" id="vigie-chunks">{"date-pickers":{"js":"/build/assets/date-pickers-d.js","css":["/build/assets/date-pickers-d.css"]}}</script>');
  });

  it('escapes the nonce', () => {
    writeManifest(dir, manifest);
    expect(assetTags('a"><script>', { buildDir: dir })).toContain('nonce="a&quot;&gt;&lt;script&gt;"');
  });

  it('returns a comment and warns once when the build is missing', () => {
    expect(readManifest(dir)).toBeNull();
    expect(assetTags('n', { buildDir: dir })).toMatch(/^<!--.*-->$/);
    expect(assetTags('n', { buildDir: dir })).toMatch(/^<!--/);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('re-reads the manifest outside production, so a rebuild is picked up', () => {
    process.env.NODE_ENV = 'development';
    writeManifest(dir, manifest);
    expect(assetTags('n', { buildDir: dir })).toContain('main-abc.js');
    writeManifest(dir, { 'islands/core/main.ts': { file: 'assets/main-def.js', isEntry: true } });
    expect(assetTags('n', { buildDir: dir })).toContain('main-def.js');
  });

  it('caches the manifest in production', () => {
    process.env.NODE_ENV = 'production';
    writeManifest(dir, manifest);
    expect(assetTags('n', { buildDir: dir })).toContain('main-abc.js');
    writeManifest(dir, { 'islands/core/main.ts': { file: 'assets/main-def.js', isEntry: true } });
    expect(assetTags('n', { buildDir: dir })).toContain('main-abc.js');
  });
});
