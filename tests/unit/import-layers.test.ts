import fs from 'node:fs';
import path from 'node:path';
import { importGraph, ROOT, SERVER } from '../support/import-graph';

/**
 * The layers of docs/module-guide.md (« Parts »), read on the import graph: imports point down.
 * A module is `server/modules/<name>/`; its module file is `<name>.routes.ts`; a part is a folder of
 * a module holding a `*.part.ts` (or `*-part.ts`) file, `core/` being the parts' shared floor.
 */
const MODULES = path.join(SERVER, 'modules');
const rel = (f: string) => path.relative(ROOT, f);
const moduleOf = (f: string): string | null => (f.startsWith(MODULES + path.sep) ? path.relative(MODULES, f).split(path.sep)[0] : null);
const isModuleFile = (f: string) => { const m = moduleOf(f); return m !== null && f === path.join(MODULES, m, `${m}.routes.ts`); };
const isRoutesOrPart = (f: string) => /\.routes\.ts$|[.-]part\.ts$/.test(path.basename(f));
/** The part folder of a file (`prevention-plan/companies`), or null outside a part. */
function partOf(f: string): string | null {
  const m = moduleOf(f);
  if (!m) return null;
  const parts = path.relative(path.join(MODULES, m), f).split(path.sep);
  if (parts.length < 2) return null;
  const dir = path.join(MODULES, m, parts[0]);
  return fs.readdirSync(dir).some((n) => /[.-]part\.ts$/.test(n)) ? `${m}/${parts[0]}` : null;
}

describe('imports point down', () => {
  const graph = importGraph();
  const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => [from, to] as const));

  it('reads the modules and their parts', () => {
    expect(edges.length).toBeGreaterThan(2000);
    const parts = new Set([...graph.keys()].map(partOf).filter(Boolean));
    expect([...parts]).toEqual(expect.arrayContaining(['prevention-plan/companies', 'prevention-plan/signing', 'hr/time', 'project/gantt']));
  });

  it('lets only the module list, module files and part files import a routes or part file', () => {
    // Part files compose a module as its module file does (the plan's sign-link part mounts the
    // signing core's public routes); a service, mail, job, listener or tab never does.
    const composes = (f: string) => f === path.join(MODULES, 'index.ts') || isModuleFile(f) || /[.]part\.ts$/.test(f);
    const wrong = edges.filter(([from, to]) => isRoutesOrPart(to) && !composes(from));
    expect(wrong.map(([a, b]) => `${rel(a)} → ${rel(b)}`)).toEqual([]);
  });

  it('lets a part reach another part of its module only through core/ or the index', () => {
    const wrong = edges.filter(([from, to]) => {
      const [a, b] = [partOf(from), partOf(to)];
      return a !== null && b !== null && a !== b && moduleOf(from) === moduleOf(to) && !b.endsWith('/core') && !isModuleFile(from);
    });
    expect(wrong.map(([a, b]) => `${rel(a)} → ${rel(b)}`)).toEqual([]);
  });

  it('lets other modules into a module with an index.ts only through that index', () => {
    const wrong = edges.filter(([from, to]) => {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (!a || !b || a === b || from === path.join(MODULES, 'index.ts')) return false;
      const door = path.join(MODULES, b, 'index.ts');
      return fs.existsSync(door) && to !== door;
    });
    expect(wrong.map(([a, b]) => `${rel(a)} → ${rel(b)}`)).toEqual([]);
  });
});
