import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { planGroups, testFiles, GROUP_SIZE } = require('../../../scripts/integration-groups');

type Plan = { alone: string[]; groups: { name: string; files: string[] }[] };
const root = path.join(__dirname, '..', '..', '..');

/** A throwaway repository with integration files of the given contents. */
function repo(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groups-'));
  for (const [name, body] of Object.entries(files)) {
    const p = path.join(dir, 'tests', 'integration', name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, body);
  }
  return dir;
}

describe('integration test groups', () => {
  it('runs every integration file of the repository exactly once', () => {
    const all: string[] = testFiles(path.join(root, 'tests', 'integration'));
    const plan: Plan = planGroups(all, root);
    const planned = [...plan.alone, ...plan.groups.flatMap((g) => g.files)].sort();
    expect(planned).toEqual([...all].sort());
    expect(Math.max(...plan.groups.map((g) => g.files.length))).toBeLessThanOrEqual(GROUP_SIZE);
  });

  it('keeps alone the kernel, mocks, snapshots and files that write the environment', () => {
    const dir = repo({
      'kernel/jobs.test.ts': "it('x', () => {});",
      'a/mocked.test.ts': "jest.mock('x');",
      'a/snap.test.ts': 'expect(1).toMatchSnapshot();',
      'a/env.test.ts': "process.env.STORAGE_DIR = '/tmp';",
      'a/reads-env.test.ts': "if (process.env.STORAGE_DIR === 'x') {}",
      'a/plain.test.ts': "it('x', () => {});",
    });
    const plan: Plan = planGroups(testFiles(path.join(dir, 'tests', 'integration')), dir);
    expect(plan.alone.map((f) => path.relative(dir, f)).sort()).toEqual([
      'tests/integration/a/env.test.ts', 'tests/integration/a/mocked.test.ts', 'tests/integration/a/snap.test.ts', 'tests/integration/kernel/jobs.test.ts',
    ]);
    expect(plan.groups.flatMap((g) => g.files).map((f) => path.basename(f))).toEqual(['plain.test.ts', 'reads-env.test.ts']);
  });

  it('splits files into even chunks: at the group size one group, one above two', () => {
    const files = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`m/f${String(i).padStart(2, '0')}.test.ts`, '']));
    const sizes = (n: number) => {
      const dir = repo(files(n));
      return (planGroups(testFiles(path.join(dir, 'tests', 'integration')), dir) as Plan).groups.map((g) => g.files.length);
    };
    expect(sizes(GROUP_SIZE - 1)).toEqual([GROUP_SIZE - 1]);
    expect(sizes(GROUP_SIZE)).toEqual([GROUP_SIZE]);
    expect(sizes(GROUP_SIZE + 1)).toEqual([Math.ceil((GROUP_SIZE + 1) / 2), Math.floor((GROUP_SIZE + 1) / 2)]);
  });
});
