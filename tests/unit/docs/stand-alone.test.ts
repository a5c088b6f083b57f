import fs from 'node:fs';
import path from 'node:path';

// The repository stands alone (issue 27 item 8): what a maintainer reads points only inside it.
const ROOT = path.join(__dirname, '..', '..', '..');
const DOCS = path.join(ROOT, 'docs');
const read = (f: string) => fs.readFileSync(f, 'utf8');

/** README.md and every docs/*.md, as absolute paths. */
function documents(): string[] {
  return [path.join(ROOT, 'README.md'), ...fs.readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => path.join(DOCS, f))];
}

/** Code examples import relative to a source file inside the repository: those strings are not citations. */
const CODE_IMPORT = /\b(?:from|import|require|include)\s*\(?\s*(['"])\.\.\/[^'"]*\1/g;
/** Markdown link targets, read relative to the file that holds them. */
const LINK = /\]\(([^)\s]+)[^)]*\)/g;

/** The `../` citations of one file that lead out of the repository, as `line: text`. */
function pathsLeaving(file: string, text: string): string[] {
  const out: string[] = [];
  text.split('\n').forEach((raw, i) => {
    let line = raw.replace(CODE_IMPORT, '');
    for (const m of line.matchAll(LINK)) {
      const target = m[1].split('#')[0];
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const resolved = path.resolve(path.dirname(file), target);
      if (path.relative(ROOT, resolved).startsWith('..')) out.push(`${i + 1}: ${m[1]}`);
    }
    line = line.replace(LINK, '');
    // Paths cited in the text are relative to the repository's root, so any `../` leaves it.
    // A path outside the tree written out (`/work/shared/...`) leaves it too.
    if (line.includes('../') || /\/work\/|shared\/(DESIGN|spec)/.test(line)) out.push(`${i + 1}: ${raw.trim()}`);
  });
  return out;
}

describe('the repository stands alone', () => {
  it('finds a path leaving the repository, and only that', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(pathsLeaving(readme, 'Voir `../shared/DESIGN.md`.')).toHaveLength(1);
    expect(pathsLeaving(readme, '[conception](../shared/DESIGN.md)')).toHaveLength(1);
    expect(pathsLeaving(path.join(DOCS, 'x.md'), '[lisez-moi](../README.md)')).toEqual([]);
    expect(pathsLeaving(path.join(DOCS, 'x.md'), '[ailleurs](../../README.md)')).toHaveLength(1);
    expect(pathsLeaving(readme, "import { x } from '../hierarchy/hierarchy.service';")).toEqual([]);
    expect(pathsLeaving(readme, 'Voir `/work/shared/DESIGN.md`.')).toHaveLength(1);
    expect(pathsLeaving(readme, 'Voir `docs/architecture.md`.')).toEqual([]);
  });

  it.each(documents().map((f) => [path.relative(ROOT, f), f]))('%s points only inside the repository', (_name, file) => {
    expect(pathsLeaving(file, read(file))).toEqual([]);
  });

  it('every docs/<name>.md the README cites exists', () => {
    const cited = [...new Set([...read(path.join(ROOT, 'README.md')).matchAll(/\bdocs\/[\w.-]+\.md\b/g)].map((m) => m[0]))];
    expect(cited.length).toBeGreaterThan(10);
    expect(cited.filter((c) => !fs.existsSync(path.join(ROOT, c)))).toEqual([]);
  });

  it('the README lists docs/architecture.md first among the docs', () => {
    const readme = read(path.join(ROOT, 'README.md'));
    const section = readme.slice(readme.indexOf('## Organisation'));
    expect(section.match(/\bdocs\/[\w.-]+\.md\b/)?.[0]).toBe('docs/architecture.md');
  });
});
