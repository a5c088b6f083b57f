#!/usr/bin/env node
'use strict';
// `npm run build:server`: compiles server/ and migrations/ ahead into dist/, one .js per .ts, with
// the transform tsx applies in development (esbuild: same decorators, class fields and names), so
// the compiled server behaves as the sources do and starts without a compiler
// (docs/architecture.md, « Démarrage et compilation »). Type checking stays `npm run typecheck`.
//
// dist/ mirrors the repository: dist/server, dist/migrations, and links to the folders the code
// reads beside them (views, translations, public, docs, var), so every path found from the code's
// own place (ROOT_DIR, `__dirname`) is the same compiled or not, and the data stays in var/.
// The new tree is written beside the old one and swapped in, so a server still running from the
// old one never sees a half-written folder.
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, walk } = require('./build-stamp');

const DIST = path.join(ROOT, 'dist');
/** Folders the code reads relative to the repository root, linked from dist/. */
const LINKED = ['views', 'translations', 'public', 'docs', 'var'];
/** Compiled trees, replaced as a whole at each build (a deleted entity or migration must not survive). */
const TREES = ['server', 'migrations'];

/** Compiles into a fresh folder, then swaps it in; returns the number of compiled files. */
function buildServer() {
  // Installed with tsx and vite (both dependencies), at the version tsx compiles with in development.
  const esbuild = require('esbuild');
  const sources = [
    ...walk('server', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts')),
    ...walk('migrations', (f) => f.endsWith('.ts')),
  ];
  // Other files the server loads at run time (the embedded database's worker, .mjs).
  const assets = walk('server', (f) => !f.endsWith('.ts') && !f.endsWith('.md'));
  const next = path.join(DIST, `.next-${process.pid}`);
  fs.rmSync(next, { recursive: true, force: true });
  esbuild.buildSync({
    entryPoints: sources.map((f) => path.join(ROOT, f)),
    outdir: next,
    outbase: ROOT,
    bundle: false,
    format: 'cjs',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    // As tsx: TypeORM and the logs read class and function names.
    keepNames: true,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // No source maps: the output keeps the sources' shape and names, and 800 .map files would
    // double what TypeORM's entity glob walks at each start.
    sourcemap: false,
    logLevel: 'warning',
  });
  for (const f of assets) {
    fs.mkdirSync(path.dirname(path.join(next, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(next, f));
  }
  fs.mkdirSync(path.join(ROOT, 'var'), { recursive: true });
  for (const name of LINKED) {
    const link = path.join(DIST, name);
    let current = null;
    try { current = fs.readlinkSync(link); } catch { /* absent */ }
    if (current !== path.join('..', name)) {
      fs.rmSync(link, { recursive: true, force: true });
      // 'junction': a folder link Windows makes without administrator rights (ignored elsewhere).
      fs.symlinkSync(path.join('..', name), link, 'junction');
    }
  }
  for (const tree of TREES) {
    const target = path.join(DIST, tree);
    const old = path.join(DIST, `.old-${process.pid}-${tree}`);
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(path.join(next, tree), target);
    fs.rmSync(old, { recursive: true, force: true });
  }
  fs.rmSync(next, { recursive: true, force: true });
  return sources.length;
}

module.exports = { buildServer, DIST };

if (require.main === module) {
  const started = Date.now();
  const count = buildServer();
  console.log(`Serveur compilé : ${count} fichiers dans dist/ (${Date.now() - started} ms)`);
}
