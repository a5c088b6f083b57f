'use strict';
// What each build is made from, and whether its output still matches: `npm start` rebuilds only
// when a source changed since the last build. A stamp holds a hash of every input's path, size
// and mtime (not the newest mtime alone: a deleted or renamed file must trigger a build too); it
// is written after a successful build, from the fingerprint taken before it, so an edit made
// while building triggers the next one. Kept small and free of dependencies: it runs at each start.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** Every file under `dir` (relative to ROOT), recursively, that `keep` accepts. */
function walk(dir, keep = () => true) {
  const out = [];
  const visit = (rel) => {
    let entries;
    try { entries = fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) visit(child);
      else if (keep(child)) out.push(child);
    }
  };
  visit(dir);
  return out;
}

/** Relative specifiers of a client source (`import … from './x'`, `import('./x')`, `export … from`). */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const CANDIDATES = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx', '/index.js'];

/**
 * The client build's inputs: `islands/`, and the files outside it that islands import (a few of
 * `server/kernel`, `translations/fr/client.json`), followed from import to import, so a change
 * to the server alone does not rebuild the client.
 */
function clientInputs() {
  const seen = new Set(walk('islands'));
  const queue = [...seen].filter((f) => /\.(tsx?|m?js)$/.test(f));
  while (queue.length) {
    const file = queue.pop();
    let text;
    try { text = fs.readFileSync(path.join(ROOT, file), 'utf8'); } catch { continue; }
    for (const m of text.matchAll(RELATIVE_IMPORT)) {
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1].split('?')[0]));
      const found = CANDIDATES.map((ext) => base + ext).find((f) => { try { return fs.statSync(path.join(ROOT, f)).isFile(); } catch { return false; } });
      if (found && !seen.has(found)) {
        seen.add(found);
        if (/\.(tsx?|m?js)$/.test(found)) queue.push(found);
      }
    }
  }
  return [...seen, 'vite.config.ts', 'package.json', 'package-lock.json', 'scripts/build.js'];
}

/** The server build's inputs: all of `server/` and `migrations/`, the compiler options and the build script. */
function serverInputs() {
  return [...walk('server'), ...walk('migrations'), 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/build-server.js'];
}

/** Hash of the inputs' paths, sizes and mtimes (a missing file counts as such). */
function fingerprint(files) {
  const hash = crypto.createHash('sha256');
  for (const f of [...new Set(files)].sort()) {
    let stat;
    try { stat = fs.statSync(path.join(ROOT, f)); } catch { stat = null; }
    hash.update(stat ? `${f}\0${stat.size}\0${stat.mtimeMs}\n` : `${f}\0-\n`);
  }
  return hash.digest('hex');
}

/** The two builds: their inputs, their output (absent output: build due) and their stamp file. */
const TARGETS = {
  client: { inputs: clientInputs, output: 'public/build/.vite/manifest.json', stamp: 'public/build/.vigie-build-stamp' },
  server: { inputs: serverInputs, output: 'dist/server/main.js', stamp: 'dist/.vigie-build-stamp' },
};

/** This target's current fingerprint, and whether its last build is missing or older than its sources. */
function check(name) {
  const target = TARGETS[name];
  const current = fingerprint(target.inputs());
  let stamped = null;
  try { stamped = fs.readFileSync(path.join(ROOT, target.stamp), 'utf8').trim(); } catch { /* never built */ }
  const stale = stamped !== current || !fs.existsSync(path.join(ROOT, target.output));
  return { current, stale };
}

/** Records that the target's output was built from sources of fingerprint `value`. */
function writeStamp(name, value) {
  fs.writeFileSync(path.join(ROOT, TARGETS[name].stamp), value + '\n');
}

module.exports = { ROOT, TARGETS, check, writeStamp, fingerprint, clientInputs, serverInputs, walk };
