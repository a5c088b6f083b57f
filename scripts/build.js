#!/usr/bin/env node
'use strict';
// `npm run build`: the client (vite, into public/build) and the server (esbuild, into dist/), both
// at once; `--client` or `--server` alone (`npm run build:client`, `build:server`). `--if-changed`
// (what `npm start` does) builds only those whose sources changed since their last build, nothing
// when none did (scripts/build-stamp.js).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ROOT, check, writeStamp } = require('./build-stamp');

/**
 * Runs a build in a child process; resolves when it succeeded. A child, not this process: esbuild
 * keeps a service process (200 MB) and a worker thread alive after a build, and `npm start` goes
 * on to run the server here.
 */
function run(label, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} a échoué (code ${code})`))));
  });
}

/**
 * Builds the client and the server, each only when `onlyChanged` is false or its sources changed
 * since its stamp; both at the same time, each in a child process. Returns what was built.
 */
async function build({ onlyChanged = false, targets = ['client', 'server'], log = console.log } = {}) {
  const client = check('client');
  const server = check('server');
  const started = Date.now();
  const built = [];
  const steps = [];
  if (targets.includes('client') && (!onlyChanged || client.stale)) {
    log('Construction du client (vite)…');
    steps.push(run('la construction du client (vite build)', [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']).then(() => {
      writeStamp('client', client.current);
      built.push('client');
    }));
  }
  if (targets.includes('server') && (!onlyChanged || server.stale)) {
    log('Compilation du serveur (dist/)…');
    steps.push(run('la compilation du serveur (scripts/build-server.js)', [path.join(__dirname, 'build-server.js')]).then(() => {
      writeStamp('server', server.current);
      built.push('serveur');
    }));
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
