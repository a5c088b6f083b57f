import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';
import { ROOT_DIR } from '../config';

/** The product's locales; French is the source catalogue. */
export const SUPPORTED_LOCALES = ['fr', 'en', 'es', 'de', 'ro', 'pl'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'fr';
export const TRANSLATIONS_DIR = path.join(ROOT_DIR, 'translations');

/** Domains (namespaces) are the JSON files of the French catalogue. */
export function translationDomains(dir = TRANSLATIONS_DIR): string[] {
  return fs.readdirSync(path.join(dir, DEFAULT_LOCALE)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
}

/** Reads one catalogue file; a missing file is an empty catalogue. */
export function readCatalogue(locale: string, domain: string, dir = TRANSLATIONS_DIR): Record<string, unknown> {
  const file = path.join(dir, locale, `${domain}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

let instance: i18n | undefined;

/** Initialises i18next once with every catalogue loaded from `translations/`. */
export function initI18n(dir = TRANSLATIONS_DIR): i18n {
  if (instance) return instance;
  const domains = translationDomains(dir);
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const locale of SUPPORTED_LOCALES) {
    resources[locale] = {};
    for (const d of domains) resources[locale][d] = readCatalogue(locale, d, dir);
    // Every other domain is also reachable from the default one as `<domain>.<key>`.
    const merged: Record<string, unknown> = { ...resources[locale].messages };
    for (const d of domains) if (d !== 'messages') merged[d] = resources[locale][d];
    resources[locale].messages = merged;
  }
  const inst = i18next.createInstance();
  void inst.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    ns: domains,
    defaultNS: 'messages',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance = inst;
  return inst;
}

/** A translator fixed to a locale (falls back to French). */
export function translator(locale: string): TFunction {
  const lng = (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE;
  let t = translators.get(lng);
  if (!t) {
    t = memoised(initI18n().getFixedT(lng));
    translators.set(lng, t);
  }
  return t;
}

const translators = new Map<string, TFunction>();

/**
 * A list page asks for the same labels (statuses, levels) on every row, and for the same
 * sentence with a row's values (`Sélectionner l'action n°{{id}}`); i18next resolves and
 * interpolates each call anew. Catalogues never change while the process runs, so a plain key is
 * answered from a cache, and a key with plain values is filled from its cached template.
 * Anything else (plurals, context, nesting, formats) goes to i18next.
 */
function memoised(t: TFunction): TFunction {
  const call = t as unknown as (...a: unknown[]) => string;
  const plain = new Map<string, string>();
  const templates = new Map<string, Template | null>();
  const wrapped = ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string') return call(key, ...rest);
    if (rest.length === 0) {
      let value = plain.get(key);
      if (value === undefined) {
        value = call(key);
        plain.set(key, value);
      }
      return value;
    }
    const values = rest.length === 1 ? plainValues(rest[0]) : null;
    if (!values) return call(key, ...rest);
    let template = templates.get(key);
    if (template === undefined) {
      template = compileTemplate(call(key, { skipInterpolation: true }));
      templates.set(key, template);
    }
    return (template && fill(template, values)) ?? call(key, ...rest);
  }) as unknown as TFunction;
  return wrapped;
}

/** A catalogue sentence cut at its `{{name}}` places: text, name, text, name, …, text. */
type Template = string[];

// Options i18next reads for itself: a call with one of them is not a plain fill.
const RESERVED = new Set(['count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'interpolation', 'skipInterpolation', 'replace', 'ordinal', 'keySeparator', 'nsSeparator', 'fallbackLng']);

function plainValues(options: unknown): Record<string, string | number> | null {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return null;
  for (const [name, value] of Object.entries(options)) {
    if (RESERVED.has(name) || (typeof value !== 'string' && typeof value !== 'number')) return null;
  }
  return options as Record<string, string | number>;
}

function compileTemplate(text: unknown): Template | null {
  if (typeof text !== 'string' || text.includes('$t(')) return null;
  const pieces = text.split(/\{\{\s*([\w]+)\s*\}\}/);
  // A brace left after cutting is a format (`{{n, number}}`) or a `{{-raw}}`: i18next's own.
  if (pieces.some((piece, i) => i % 2 === 0 && (piece.includes('{{') || piece.includes('}}')))) return null;
  return pieces;
}

function fill(template: Template, values: Record<string, string | number>): string | null {
  let out = template[0];
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]];
    if (value === undefined) return null;
    out += String(value) + template[i + 1];
  }
  return out;
}

const catalogues = new Map<string, Record<string, unknown>>();

/**
 * The whole catalogue of one domain for one locale (French keys fill the gaps). Merged once per
 * locale and domain (every page embeds the client's): callers must not change it.
 */
export function catalogue(locale: string, domain: string): Record<string, unknown> {
  const key = `${locale}\u0000${domain}`;
  let merged = catalogues.get(key);
  if (!merged) {
    merged = mergedCatalogue(locale, domain);
    catalogues.set(key, merged);
  }
  return merged;
}

function mergedCatalogue(locale: string, domain: string): Record<string, unknown> {
  const inst = initI18n();
  const fr = inst.getResourceBundle(DEFAULT_LOCALE, domain) ?? {};
  const own = inst.getResourceBundle(locale, domain) ?? {};
  return deepMerge(fr, own);
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && typeof a[k] === 'object' ? deepMerge(a[k] as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

/** Picks the locale: the user's profile, else the browser's Accept-Language, else French. */
export function negotiateLocale(profileLocale: string | undefined, acceptLanguage: string | undefined): SupportedLocale {
  if (profileLocale && (SUPPORTED_LOCALES as readonly string[]).includes(profileLocale)) return profileLocale as SupportedLocale;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((SUPPORTED_LOCALES as readonly string[]).includes(code)) return code as SupportedLocale;
  }
  return DEFAULT_LOCALE;
}
