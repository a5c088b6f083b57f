import fs from 'node:fs';
import path from 'node:path';

// The shared key check skips keys with a hyphen, so this module's `action-plan.*` keys are checked here.
const ROOT = path.join(__dirname, '..', '..', '..');
const fr = JSON.parse(fs.readFileSync(path.join(ROOT, 'translations', 'fr', 'action-plan.json'), 'utf8'));

function has(key: string): boolean {
  let node: unknown = fr;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

function files(dir: string, exts: string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full, exts);
    return exts.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('action-plan translation keys', () => {
  it('every `action-plan.…` key literal of the module and its views exists in French', () => {
    const missing: string[] = [];
    const sources = [...files(path.join(ROOT, 'server', 'modules', 'action-plan'), ['.ts']), ...files(path.join(ROOT, 'views', 'action-plan'), ['.ejs'])];
    for (const f of sources) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`]action-plan\.([A-Za-z0-9_.]+?)['"`]/g)) {
        // A literal ending with a dot is a prefix completed at run time (checked below).
        if (!m[1].endsWith('.') && !has(m[1])) missing.push(`${path.relative(ROOT, f)}: action-plan.${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a label for every status, level, transition, history step and mail the code builds', () => {
    const built = [
      ...['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS', 'PROCESSED', 'CLOSED', 'ABANDONED'].map((s) => `status.${s}`),
      ...['normal', 'high', 'urgent'].map((l) => `levels.${l}`),
      ...['create', 'archive', 'unarchive', 'follow_up'].map((h) => `history.${h}`),
      ...['all', 'assigned', 'created'].map((w) => `mine.${w}`),
      ...['attachmentFile1', 'attachmentFile2', 'closeFile', 'abandonFile'].map((f) => `fields.${f}`),
      ...['assigned', 'returned', 'processed', 'reminder_d7', 'reminder_d1', 'reminder_late', 'supervision_late'].flatMap((k) => [`mail.${k}.subject`, `mail.${k}.intro`]),
    ];
    expect(built.filter((k) => !has(k))).toEqual([]);
  });
});
