import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER, sourceFiles } from '../support/import-graph';

/**
 * Declared registration (issue 22, item 3): a module declares what it adds to extension points in
 * its definition (`contributes`), and the kernel installs it at boot. No file registers anything
 * because it happened to be imported: no side-effect import of a server file, and no call at the
 * top level of a server file (`registerX(...)`, `workflow.on(...)`, a loop of registrations).
 */
/** `import './x'` / `import 'pkg'` (nothing bound), and `await import('./x')` as a statement. */
const SIDE_EFFECT_IMPORT = /^\s*import\s+['"]([^'"]+)['"]|^\s*(?:await\s+|void\s+)?import\(\s*['"]([^'"]+)['"]\s*\)\s*;?\s*$/gm;

/**
 * A statement at the top level of a file that runs something when the file loads: a call
 * (`registerTab({`, `workflow.on(`, `definePolicy<X>(`), a loop or a condition. Declarations
 * (`const`, `function`, `export` ...) start otherwise; lines inside them are indented.
 */
const TOP_LEVEL_CALL = /^(?:(?:await|void)\s+)?(?:[A-Za-z_$][\w$.]*(?:<[^\n>]*>)?\(|(?:for|if|while|switch|try)\b)/;

/** A registration hidden in a declaration: `export const x = registerSomething(...)` or `= workflow.on(...)`. */
const REGISTERING_DECLARATION = /^(?:export\s+)?(?:const|let|var)\s+[^=]+=\s*(?:register[A-Z]\w*|[\w$]+\.on|onPurge|definePolicy)\s*(?:<[^\n>]*>)?\(/;

/** The run-time side effects of one file's text, as `line: text`. */
function sideEffects(text: string): { imports: string[]; calls: string[] } {
  const imports = [...text.matchAll(SIDE_EFFECT_IMPORT)].map((m) => m[1] ?? m[2]);
  const calls: string[] = [];
  let inTemplate = false;
  text.split('\n').forEach((line, i) => {
    // A line inside a multi-line template literal (SQL, HTML) is text, not a statement.
    const starts = inTemplate;
    inTemplate = ((line.match(/(?<!\\)`/g) ?? []).length % 2 === 1) !== inTemplate;
    if (starts) return;
    if (TOP_LEVEL_CALL.test(line) || REGISTERING_DECLARATION.test(line)) calls.push(`${i + 1}: ${line.slice(0, 80)}`);
  });
  return { imports, calls };
}

/**
 * The two processes' entry files: their top level is the program (start the server, run a
 * command). `compile-cache.ts` is the server's first step, split out because it must run before
 * `main.ts`'s other imports load (Node's compiled-code cache); `main.ts` imports it bare.
 */
const ENTRY_POINTS = ['server/main.ts', 'server/cli/index.ts', 'server/compile-cache.ts'];

describe('declared registration in server/', () => {
  const files = sourceFiles(SERVER).filter((f) => !ENTRY_POINTS.includes(path.relative(ROOT, f)));
  const found = files.map((f) => ({ file: path.relative(ROOT, f), ...sideEffects(fs.readFileSync(f, 'utf8')) }));

  it('reads the whole server', () => {
    expect(files.length).toBeGreaterThan(500);
  });

  it('imports no file for its side effects; the only bare import is reflect-metadata, which TypeORM\'s decorators need before any entity loads', () => {
    const bare = found.flatMap((f) => f.imports.map((i) => `${f.file}: ${i}`));
    expect(bare).toEqual(['server/kernel/db/data-source.ts: reflect-metadata']);
  });

  it('runs nothing at the top level of a file: no registerX(...), workflow.on(...) or loop of registrations', () => {
    expect(found.flatMap((f) => f.calls.map((c) => `${f.file}:${c}`))).toEqual([]);
  });

  it('finds a side-effect import and a top-level registration when there is one', () => {
    const sample = [
      "import { x } from './x';",
      "import './tabs';",
      "import type { Y } from './y';",
      'const sql = `',
      'SELECT count(*) FROM t',
      '`;',
      "registerPlanTab({ key: 'a' });",
      "workOrderWorkflow.on('*', async () => undefined);",
      "registerJobHandler<{ id: number }>(JOB, async () => undefined);",
      "for (const t of TABLES) registerTrashable({ table: t });",
      "export const TABS = registerPlanTab({ key: 'b' });",
      "export const tab: PlanTab = { key: 'c' };",
      "  registerInsideAFunction();",
    ].join('\n');
    const { imports, calls } = sideEffects(sample);
    expect(imports).toEqual(['./tabs']);
    expect(calls.map((c) => c.split(':')[0])).toEqual(['7', '8', '9', '10', '11']);
  });
});
