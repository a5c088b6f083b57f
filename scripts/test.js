#!/usr/bin/env node
// `npm test`: type check, lint, unit, integration and end-to-end tests, in that order.
// Integration tests use DATABASE_URL when set, the embedded database otherwise.
// End-to-end tests need Debian's chromium (or CHROMIUM_PATH); it is installed when possible.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureChromium } = require('./chromium');

/** Each stage's label and seconds, printed at the end (CI reads its timings there). */
const timings = [];
/** Integration test files run on every core (each file has its own database), at least two. */
const WORKERS = `--maxWorkers=${Math.max(2, typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length)}`;

/** Prints how long each stage took. */
function printTimings() {
  console.log('\nDurées :');
  for (const [label, secs] of timings) console.log(`  ${secs.padStart(7)} s  ${label}`);
}

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  timings.push([label, secs]);
  if (r.status !== 0) {
    printTimings();
    console.error(`\n✗ ${label} : échec (${secs} s)`);
    for (const f of ['unit', 'integration', 'e2e']) count(path.join(RESULTS, `${f}.json`));
    console.log(`${totals.passed} passed, ${Math.max(totals.failed, 1)} failed, ${totals.skipped} skipped`);
    process.exit(r.status || 1);
  }
  console.log(`✓ ${label} (${secs} s)`);
}

const only = process.argv[2];
const RESULTS = path.join(__dirname, '..', 'var', 'test-results');
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Adds the counts of a jest or playwright JSON report to the totals. */
function count(file) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  if ('numPassedTests' in r) {
    totals.passed += r.numPassedTests; totals.failed += r.numFailedTests; totals.skipped += r.numPendingTests;
  } else if (r.stats) {
    totals.passed += r.stats.expected; totals.failed += r.stats.unexpected + (r.stats.flaky || 0); totals.skipped += r.stats.skipped;
  }
}
const found = ensureChromium({
  env: process.env,
  exists: fs.existsSync,
  isRoot: !!(process.getuid && process.getuid() === 0),
  run: (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status,
  log: (m) => console.log(m),
});
if ('error' in found) {
  console.error(found.error);
  process.exit(1);
}
const chromium = found.path;
if (!fs.existsSync('/usr/bin/pdftotext')) {
  console.error('pdftotext est introuvable : installez « poppler-utils » (apt-get install poppler-utils).');
  process.exit(1);
}
const jestBin = require.resolve('jest/bin/jest');
const { writeGroups } = require('./integration-groups');
/**
 * Jest's arguments for these integration files: grouped so the server loads once per group
 * (scripts/integration-groups.js), or one by one with VIGIE_TEST_GROUPS=0.
 */
function integrationArgs(files) {
  if (process.env.VIGIE_TEST_GROUPS === '0') return [...(files ?? []), '--selectProjects', 'integration'];
  return ['--selectProjects', 'integration', 'integration-groups', '--runTestsByPath', ...writeGroups(files)];
}
const embedded = !process.env.DATABASE_URL;
if (only === 'embedded') {
  // CI's last run (.ci/run): the integration files that depend on what the embedded database
  // does differently (scripts/embedded-subset.js), on the embedded database. The unit tests touch
  // no database: the PostgreSQL and Node 22 passes have run them already.
  if (!embedded) {
    console.error('« npm test -- embedded » se lance sans DATABASE_URL (base embarquée).');
    process.exit(1);
  }
  const { embeddedSubset, embeddedE2eSubset } = require('./embedded-subset');
  run('Tests d\'intégration choisis (base embarquée)', process.execPath, [jestBin, '--forceExit', '--json', `--outputFile=${path.join(RESULTS, 'integration.json')}`, WORKERS, ...integrationArgs(embeddedSubset())], { CHROMIUM_PATH: chromium });
  // The flows whose specs write their data straight into the database: proof that they run on PGlite too.
  run('Construction des îlots (vite)', process.execPath, [path.join(__dirname, 'build.js'), '--client']);
  run('Parcours de bout en bout choisis (base embarquée)', process.execPath, [path.join(__dirname, '..', 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...embeddedE2eSubset(), '--reporter=list,json'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(RESULTS, 'e2e.json') });
}
if (!only || only === 'typecheck') run('Vérification des types', process.execPath, [require.resolve('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
// oxlint's correctness rules (.oxlintrc.json), warnings denied: what a reviewer would otherwise catch by eye.
if (!only || only === 'lint') run('Analyse statique (oxlint)', process.execPath, [path.join(__dirname, '..', 'node_modules', 'oxlint', 'bin', 'oxlint'), '-c', '.oxlintrc.json', '--deny-warnings', 'server', 'tests', 'scripts', 'bench', 'islands', 'migrations']);
if (!only || only === 'unit') run('Tests unitaires', process.execPath, [jestBin, '--selectProjects', 'unit', '--forceExit', '--json', `--outputFile=${path.join(RESULTS, 'unit.json')}`]);
// Each test file gets a database of its own (a clone on PostgreSQL, a copy of the migrated
// PGlite folder on the embedded database), so files run on every core either way.
if (!only || only === 'integration') run(`Tests d'intégration (${embedded ? 'base embarquée' : 'PostgreSQL'})`, process.execPath, [jestBin, '--forceExit', '--json', `--outputFile=${path.join(RESULTS, 'integration.json')}`, WORKERS, ...integrationArgs()], { CHROMIUM_PATH: chromium });
if (!only || only === 'e2e') {
  // Through scripts/build.js, which keeps the client's stamp (a later `npm start` then rebuilds nothing).
  run('Construction des îlots (vite)', process.execPath, [path.join(__dirname, 'build.js'), '--client']);
  run('Tests de bout en bout (Chromium)', process.execPath, [path.join(__dirname, '..', 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=list,json'], { CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(RESULTS, 'e2e.json') });
}
for (const f of ['unit', 'integration', 'e2e']) count(path.join(RESULTS, `${f}.json`));
printTimings();
console.log('\nTous les tests sont passés.');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
