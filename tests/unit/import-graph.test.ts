import path from 'node:path';
import { importGraph, ROOT, SERVER } from '../support/import-graph';

/**
 * The server's import graph (issue 22): no circle, dynamic `import()` included, and the kernel
 * importing no module. Imports of types only are left out: they are erased from the JavaScript.
 */
/** The circles of the graph: its strongly connected components of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(path.relative(ROOT, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph of server/', () => {
  const graph = importGraph();

  it('reads the whole server', () => {
    expect(graph.size).toBeGreaterThan(500);
    // The walker sees a dynamic import and a re-export as edges (else the check could pass by blindness).
    const edges = [...graph.values()].reduce((n, t) => n + t.length, 0);
    expect(edges).toBeGreaterThan(2000);
  });

  it('has no import circle, dynamic imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const a = path.join(SERVER, 'a.ts');
    const b = path.join(SERVER, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([['server/a.ts', 'server/b.ts']]);
  });

  it('the kernel imports no module', () => {
    const kernel = path.join(SERVER, 'kernel');
    const modules = path.join(SERVER, 'modules');
    const reaching = [...graph].filter(([file]) => file.startsWith(kernel + path.sep))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith(modules + path.sep)).map((t) => `${path.relative(SERVER, file)} -> ${path.relative(SERVER, t)}`))
      .sort();
    // Issue 22, item 6: no exception; a module gives the kernel what it needs through `contributes`.
    expect(reaching).toEqual([]);
  });
});
