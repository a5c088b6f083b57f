// Jest's order, with a group file (scripts/integration-groups.js) weighed as the files it
// requires: without timings from an earlier run jest starts with the largest files, and a group
// file is a few lines long but the longest work of the run.
'use strict';
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

/** Bytes of the test file, or of every file a group file requires. */
function weight(file) {
  const text = fs.readFileSync(file, 'utf8');
  const required = [...text.matchAll(/require\(("[^"]+")\)/g)].map((m) => JSON.parse(m[1]));
  if (!required.length) return text.length;
  return required.reduce((sum, f) => sum + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
}

class GroupSequencer extends Sequencer {
  sort(tests) {
    const weights = new Map();
    const w = (t) => weights.get(t.path) ?? weights.set(t.path, weight(t.path)).get(t.path);
    for (const test of tests) test.duration = this.time(test);
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      const failedB = this.hasFailed(b);
      if (failedA !== failedB) return failedA ? -1 : 1;
      const timedA = a.duration != null;
      const timedB = b.duration != null;
      if (timedA !== timedB) return timedA ? 1 : -1;
      if (timedA && timedB) return a.duration < b.duration ? 1 : -1;
      return w(a) < w(b) ? 1 : -1;
    });
  }
}

module.exports = GroupSequencer;
