#!/usr/bin/env node
'use strict';
// `npm run build`: the client (vite, into public/build) and the server (esbuild, into dist/), both
// at once; `--client` or `--server` alone (`npm run build:client`, `build:server`). `--if-changed`
// (what `npm start` does) builds only those whose sources changed since their last build, nothing
// when none did (scripts/build-stamp.js).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ROOT, check, writeStamp } = require('./build-stamp');

/** Runs vite's build in a child process; resolves when it succeeded. */
function buildClient() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`la construction du client (vite build) a échoué (code ${code})`))));
  });
}

/**
 * Builds the client and the server, each only when `onlyChanged` is false or its sources changed
 * since its stamp; both run at the same time (vite in a child process). Returns what was built.
 */
async function build({ onlyChanged = false, targets = ['client', 'server'], log = console.log } = {}) {
  const client = check('client');
  const server = check('server');
  const started = Date.now();
  const built = [];
  const steps = [];
  if (targets.includes('client') && (!onlyChanged || client.stale)) {
    log('Construction du client (vite)…');
    steps.push(buildClient().then(() => {
      writeStamp('client', client.current);
      built.push('client');
    }));
  }
  if (targets.includes('server') && (!onlyChanged || server.stale)) {
    log('Compilation du serveur (dist/)…');
    // Required here: a start with nothing to build loads neither esbuild nor vite.
    const { buildServer } = require('./build-server');
    try {
      buildServer();
      writeStamp('server', server.current);
      built.push('serveur');
    } catch (err) {
      steps.push(Promise.reject(err));
    }
  }
  // Every step ends before a failure is reported: vite is never left running alone.
  const failed = (await Promise.allSettled(steps)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  if (built.length) log(`Construit : ${built.join(' et ')} en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return built;
}

module.exports = { build };

if (require.main === module) {
  const only = ['client', 'server'].filter((t) => process.argv.includes(`--${t}`));
  build({ onlyChanged: process.argv.includes('--if-changed'), targets: only.length ? only : ['client', 'server'] }).catch((err) => {
    console.error(`Échec de la construction : ${err.message}`);
    process.exit(1);
  });
}
