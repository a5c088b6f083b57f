import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ejs from 'ejs';
import ts from 'typescript';

/**
 * Route names are never built where they are looked up (issue 22, item 7): the name given to
 * `routes.path()`, `routes.has()`, `appPath()`, `absoluteUrl()` (and `path()` / `hasRoute()` in
 * views) is a string literal, a variable or a property read, never a template literal nor a `+`
 * concatenation. A family of generated routes gets its names once, as data, from the function
 * that also declares them (`permitRouteNames`, `analysisRouteNames`, `protocolListRouteNames`).
 */
const ROOT = path.resolve(__dirname, '../..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p, ext);
    return ext.test(e.name) ? [p] : [];
  });
}

/** Whether a call looks a route up: `…routes.path(`, `…routes.has(`, `appPath(`, `absoluteUrl(`, bare `path(` / `hasRoute(` (view helpers). */
function isLookup(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return ['appPath', 'absoluteUrl', 'path', 'hasRoute'].includes(callee.text);
  if (!ts.isPropertyAccessExpression(callee) || !['path', 'has'].includes(callee.name.text)) return false;
  const target = callee.expression;
  return (ts.isIdentifier(target) && target.text === 'routes') || (ts.isPropertyAccessExpression(target) && target.name.text === 'routes');
}

/** Why the name argument `e` is built rather than read, or null when it is a literal, a variable or a property read. */
function builtName(e: ts.Expression, consts: Map<string, ts.Expression[]>, seen = new Set<string>()): string | null {
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return builtName(e.expression, consts, seen);
  if (ts.isStringLiteral(e) || ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) return null;
  if (ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)) return 'template literal';
  if (ts.isConditionalExpression(e)) return builtName(e.whenTrue, consts, seen) ?? builtName(e.whenFalse, consts, seen);
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return builtName(e.left, consts, seen) ?? builtName(e.right, consts, seen);
    return op === ts.SyntaxKind.PlusToken ? '+ concatenation' : `operator ${ts.tokenToString(op)}`;
  }
  if (ts.isIdentifier(e)) {
    // A variable of the same file holding a built name is as bad as building it in the call.
    if (seen.has(e.text)) return null;
    seen.add(e.text);
    for (const init of consts.get(e.text) ?? []) {
      const why = builtName(init, consts, seen);
      if (why) return `${why} (through \`${e.text}\`)`;
    }
    return null;
  }
  return `${ts.SyntaxKind[e.kind]}`;
}

interface Offence { where: string; why: string; code: string }

/** The offending lookups of one parsed source; `lineOf` maps a position to the line reported. */
function offences(source: ts.SourceFile, label: string, lineOf: (pos: number) => number): Offence[] {
  const consts = new Map<string, ts.Expression[]>();
  const calls: ts.CallExpression[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) consts.set(n.name.text, [...(consts.get(n.name.text) ?? []), n.initializer]);
    if (ts.isCallExpression(n) && n.arguments.length && isLookup(n.expression)) calls.push(n);
    ts.forEachChild(n, walk);
  };
  walk(source);
  return calls.flatMap((call) => {
    const why = builtName(call.arguments[0], consts);
    return why ? [{ where: `${label}:${lineOf(call.getStart(source))}`, why, code: call.getText(source).slice(0, 120) }] : [];
  });
}

function tsOffences(file: string): Offence[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return offences(source, path.relative(ROOT, file), (pos) => source.getLineAndCharacterOfPosition(pos).line + 1);
}

/** A view is compiled to the function EJS runs (its `__line = n` marks give the view's line back), then read as JavaScript. */
function ejsOffences(file: string): Offence[] {
  const fn = ejs.compile(fs.readFileSync(file, 'utf8'), { client: true, compileDebug: true, async: true, filename: file });
  const code = fn.toString();
  const source = ts.createSourceFile(`${file}.js`, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const lineOf = (pos: number): number => {
    const marks = [...code.slice(0, pos).matchAll(/__line = (\d+)/g)];
    return marks.length ? Number(marks[marks.length - 1][1]) : 0;
  };
  return offences(source, path.relative(ROOT, file), lineOf);
}

const describeAll = (found: Offence[]): string => found.map((o) => `${o.where}  ${o.why}: ${o.code}`).join('\n');

describe('route names are looked up, never built', () => {
  it('no server file builds the name it looks up', () => {
    const files = filesUnder(path.join(ROOT, 'server'), /^(?!.*\.(test|d)\.ts$).*\.ts$/);
    expect(files.length).toBeGreaterThan(500);
    expect(describeAll(files.flatMap(tsOffences))).toBe('');
  });

  it('no view builds the name it looks up', () => {
    const files = filesUnder(path.join(ROOT, 'views'), /\.ejs$/);
    expect(files.length).toBeGreaterThan(300);
    expect(describeAll(files.flatMap(ejsOffences))).toBe('');
  });

  it('finds a built name, with its file and line', () => {
    const source = ts.createSourceFile('x.ts', [
      "req.ctx.routes.path('pdp_show', { id });",
      'req.ctx.routes.path(`${p}_show`, { id });',
      "ctx.routes.has(type.routes.show) && appPath(p + '_edit');",
      'const name = `${p}_index`;',
      'absoluteUrl(name);',
      'absoluteUrl(cond ? names.a : `x_${k}`);',
    ].join('\n'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const found = offences(source, 'x.ts', (pos) => source.getLineAndCharacterOfPosition(pos).line + 1);
    expect(found.map((o) => `${o.where} ${o.why}`)).toEqual([
      'x.ts:2 template literal', 'x.ts:3 + concatenation', 'x.ts:5 template literal (through `name`)', 'x.ts:6 template literal',
    ]);
  });

  it('reads a view at its own line numbers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-names-'));
    const file = path.join(dir, 'v.ejs');
    fs.writeFileSync(file, "<p>\n<%= path('a_b') %>\n<% if (x) { %>\n<a href=\"<%= path(prefix + '_show', { id: 1 }) %>\">\n<% } %>\n");
    try {
      expect(ejsOffences(file).map((o) => `${path.basename(o.where)} ${o.why}`)).toEqual(['v.ejs:4 + concatenation']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
