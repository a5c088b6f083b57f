import fs from 'node:fs';
import path from 'node:path';
import { MENU } from '../../../server/kernel/menu';
import { SUPPORTED_LOCALES } from '../../../server/kernel/i18n/i18n';
import { SYSTEM_ROLES } from '../../../server/modules/identity/roles';
import { RIGHTS_CATALOGUE } from '../../../server/kernel/rights/catalogue';

const ROOT = path.join(__dirname, '..', '..', '..');
const DIR = path.join(ROOT, 'translations');
const domains = fs.readdirSync(path.join(DIR, 'fr')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));

type Tree = { [k: string]: string | Tree };
const load = (locale: string, domain: string): Tree => JSON.parse(fs.readFileSync(path.join(DIR, locale, `${domain}.json`), 'utf8'));

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

// Words and names that are the same in another language (codes, proper names, shared words).
const SAME_EVERYWHERE = new Set([
  'Vigie', 'PPSPS', 'PPSPS {{number}}', 'GED', 'CSSCT', 'WSM', 'HSQE / QHSE', 'VGP', 'CRM', 'PDF', 'SMS', 'OK', 'E-mail', 'Email',
  'Français', 'English', 'Español', 'Deutsch', 'Română', 'Polski',
  'Date', 'Action', 'Actions', 'Contact', 'Contacts', 'Documents', 'Sessions', 'Notifications', 'Machines', 'Services',
  'Sites', 'Quiz', 'Audit', 'Total', 'Description', 'Structure', 'Chat', 'Agenda', 'Manager', 'Zone', 'Station',
]);

describe.each(SUPPORTED_LOCALES.filter((l) => l !== 'fr'))('catalogue %s', (locale) => {
  it.each(domains)('%s has every French key, translated and not empty', (domain) => {
    const file = path.join(DIR, locale, `${domain}.json`);
    expect(fs.existsSync(file)).toBe(true);
    const fr = flatten(load('fr', domain));
    const other = flatten(load(locale, domain));
    expect(Object.keys(other).sort()).toEqual(Object.keys(fr).sort());
    for (const [key, value] of Object.entries(other)) {
      expect({ key, empty: value.trim() === '' }).toEqual({ key, empty: false });
      const untranslated = value === fr[key] && !SAME_EVERYWHERE.has(value) && !/^[A-Z0-9 /().-]{1,12}$/.test(value);
      expect({ key, value, untranslated }).toEqual({ key, value, untranslated: false });
      // Interpolations must survive translation.
      const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();
      expect({ key, vars: vars(value) }).toEqual({ key, vars: vars(fr[key]) });
    }
  });
});

describe('keys used in code', () => {
  const messages: Record<string, string> = {};
  for (const d of domains) {
    const flat = flatten(load('fr', d));
    for (const [k, v] of Object.entries(flat)) messages[d === 'messages' ? k : `${d}.${k}`] = v;
  }
  const client = fs.existsSync(path.join(DIR, 'fr', 'client.json')) ? flatten(load('fr', 'client')) : {};
  const roots = new Set(Object.keys(messages).map((k) => k.split('.')[0]));
  const clientRoots = new Set(Object.keys(client).map((k) => k.split('.')[0]));

  function files(dir: string, exts: string[]): string[] {
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return files(full, exts);
      return exts.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.test.ts') ? [full] : [];
    });
  }
  const LITERAL = /['"]([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_]+)+)['"]/g;

  it('every key literal of the server and the templates is defined in French', () => {
    const rightNames = new Set(Object.values(RIGHTS_CATALOGUE).flat());
    const missing: string[] = [];
    for (const f of [...files(path.join(ROOT, 'server'), ['.ts']), ...files(path.join(ROOT, 'views'), ['.ejs'])]) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(LITERAL)) {
        const key = m[1];
        // A right name (`hr.view`) shares its first word with a domain but is labelled under `rights.`.
        if (rightNames.has(key)) continue;
        if (roots.has(key.split('.')[0]) && !(key in messages) && !Object.keys(messages).some((k) => k.startsWith(`${key}.`))) missing.push(`${path.relative(ROOT, f)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every key literal of the browser client is defined in the client catalogue', () => {
    const missing: string[] = [];
    for (const f of files(path.join(ROOT, 'islands'), ['.ts', '.tsx'])) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bt\(\s*['"]([\w.]+)['"]/g)) {
        if (!(m[1] in client)) missing.push(`${path.relative(ROOT, f)}: ${m[1]}`);
      }
    }
    expect(clientRoots.size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it('every menu entry, section, role and locale has its label', () => {
    const needed = [
      ...MENU.map((s) => `menu.sections.${s.key}`),
      ...MENU.flatMap((s) => s.entries.map((e) => `menu.entries.${e.key}`)),
      ...SYSTEM_ROLES.map((r) => `roles.${r.code}`),
      ...SUPPORTED_LOCALES.map((l) => `locales.${l}`),
    ];
    expect(needed.filter((k) => !(k in messages))).toEqual([]);
  });
});
