import fs from 'node:fs';
import path from 'node:path';

/** The repository's root and its server folder. */
export const ROOT = path.resolve(__dirname, '../..');
export const SERVER = path.join(ROOT, 'server');

/** Every TypeScript source file under `dir` (tests and declarations left out). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(e.name) ? [p] : [];
  });
}

// `import x from './a'`, `import './a'`, `export … from './a'` (not `import type` / `export type`), and `import('./a')`.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/**
 * Every server file and the server files it imports at run time (dynamic imports and re-exports
 * included, imports of types only left out: they are erased from the JavaScript).
 */
export function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SERVER);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = path.join(path.dirname(file), m[1] ?? m[2]);
      const hit = [`${base}.ts`, path.join(base, 'index.ts'), base].find((c) => known.has(c));
      if (hit) targets.push(hit);
    }
    graph.set(file, targets);
  }
  return graph;
}
