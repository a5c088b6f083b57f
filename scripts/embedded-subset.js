// The integration files CI also runs on the embedded database (PGlite), beside its full run on
// PostgreSQL: those whose behaviour depends on what differs there — the job queue, the clock,
// signing links, sessions, connection faults, and the files that branch on the engine (`.embedded`). Chosen by what a file uses, so a new module's
// tests join by themselves; a full embedded run (`npm test` without DATABASE_URL) is still done
// before resolving any issue that touches the kernel.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** What makes an integration file part of the embedded run. */
const MARKERS = /\b(afterCommit|promoteAfterCommit|drainJobs|runDueJobs|startJobWorker|enqueue|useClock|FixedClock|killUserSessions|sessionExpiry|IDLE_TIMEOUT_MS|ABSOLUTE_TIMEOUT_MS|TcpProxy|outage-server)\b|\.embedded\b|\/sign\/|sign-link/;

/** Every integration test file under `dir`, recursively. */
function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The integration files of the embedded CI run, sorted. */
function embeddedSubset(root = path.join(__dirname, '..')) {
  return testFiles(path.join(root, 'tests', 'integration')).filter((f) => MARKERS.test(fs.readFileSync(f, 'utf8'))).sort();
}

/**
 * Specs about the client alone, whatever database serves the pages: the accessibility gate (axe
 * on every page, 2 to 3 minutes) and the lazy loading of scripts. They run in the PostgreSQL pass.
 */
const CLIENT_ONLY = new Set(['tests/e2e/kernel/accessibility.spec.ts', 'tests/e2e/kernel/lazy-client.spec.ts']);

/**
 * The end-to-end specs of the embedded CI run: those that prepare their data straight in the
 * database (tests/e2e/support/db.ts), which reaches PGlite through its local port there, but
 * the client-only ones.
 */
function embeddedE2eSubset(root = path.join(__dirname, '..')) {
  const dir = path.join(root, 'tests', 'e2e');
  const specs = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(d, e.name);
    if (e.isDirectory()) return e.name === 'support' ? [] : specs(p);
    return e.name.endsWith('.spec.ts') ? [p] : [];
  });
  return specs(dir).filter((f) => /support\/db['"]/.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(root, f))
    .filter((f) => !CLIENT_ONLY.has(f.split(path.sep).join('/'))).sort();
}

module.exports = { embeddedSubset, embeddedE2eSubset, MARKERS, CLIENT_ONLY };

if (require.main === module) for (const f of embeddedSubset()) console.log(path.relative(process.cwd(), f));
