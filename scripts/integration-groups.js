// Integration test files run in groups: jest gives every test file a fresh module registry, so
// each file loaded the whole server again (≈ 1,600 modules, about 4 s of CPU) before its first
// test — half of the integration pass. A group file requires several test files, each inside a
// `describe` named after its path, so the server loads once per group; every file still opens
// its own app and database (createTestApp). Files that change what a module holds for the
// whole process (mocks, environment read at import, snapshots next to the file) run alone.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Test files per group: fewer loads against a balanced spread over the workers. */
const GROUP_SIZE = 8;
/** Folders whose files run alone: the kernel's own faults, processes, storage and clocks. */
const ALONE_DIRS = new Set(['kernel', 'perf']);
/** What makes a file run alone wherever it lives. */
const ALONE = /jest\.(mock|spyOn|isolateModules|resetModules|useFakeTimers)|toMatch(Inline)?Snapshot|process\.env\.[A-Z_]+\s*=[^=]|own-storage-dir|uploads-env/;

/** Every integration test file under `dir`, recursively, sorted. */
function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  }).sort();
}

/**
 * Splits test files into those run alone and groups of files that share one module registry.
 * @param {string[]} files absolute paths under tests/integration
 * @param {string} root the repository
 * @returns {{ alone: string[], groups: { name: string, files: string[] }[] }}
 */
function planGroups(files, root) {
  const base = path.join(root, 'tests', 'integration');
  const alone = [];
  const grouped = [];
  for (const f of files) {
    const dir = path.relative(base, f).split(path.sep)[0];
    if (ALONE_DIRS.has(dir) || ALONE.test(fs.readFileSync(f, 'utf8'))) alone.push(f);
    else grouped.push(f);
  }
  // Contiguous even chunks of the sorted list: a module's files stay together, and 17 files
  // make 6 + 6 + 5, not 8 + 8 + 1.
  const count = Math.ceil(grouped.length / GROUP_SIZE);
  const groups = [];
  for (let i = 0, start = 0; i < count; i++) {
    const size = Math.floor(grouped.length / count) + (i < grouped.length % count ? 1 : 0);
    const chunk = grouped.slice(start, start + size);
    start += size;
    groups.push({ name: `groupe-${String(i + 1).padStart(2, '0')}-${path.relative(base, chunk[0]).split(path.sep)[0]}`, files: chunk });
  }
  return { alone, groups };
}

/**
 * Writes the group files into `var/test-groups/` (the `integration-groups` jest project) and
 * returns the paths to hand to jest: the group files and the files run alone.
 * @param {string[]} [files] the files to run (every integration file by default)
 */
function writeGroups(files, root = path.join(__dirname, '..')) {
  const all = files ?? testFiles(path.join(root, 'tests', 'integration'));
  const { alone, groups } = planGroups(all, root);
  const out = path.join(root, 'var', 'test-groups');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const written = groups.map((g) => {
    const file = path.join(out, `${g.name}.test.ts`);
    const body = g.files.map((f) => `describe(${JSON.stringify(path.relative(root, f))}, () => { require(${JSON.stringify(f)}); });`).join('\n');
    fs.writeFileSync(file, `// Written by scripts/integration-groups.js: one module registry for these files.\n${body}\n`);
    return file;
  });
  return [...written, ...alone];
}

module.exports = { planGroups, writeGroups, testFiles, GROUP_SIZE };

if (require.main === module) {
  const { alone, groups } = planGroups(testFiles(path.join(__dirname, '..', 'tests', 'integration')), path.join(__dirname, '..'));
  for (const g of groups) console.log(`${g.name}: ${g.files.length}`);
  console.log(`seuls : ${alone.length}`);
}
