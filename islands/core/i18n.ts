import { bootData } from './boot';
import de from '../../translations/de/client.json';
import en from '../../translations/en/client.json';
import es from '../../translations/es/client.json';
import frDefaults from '../../translations/fr/client.json';
import pl from '../../translations/pl/client.json';
import ro from '../../translations/ro/client.json';

type Messages = Record<string, unknown>;

/**
 * The `client` domain of every locale, in the bundle (cached with it, ~1 KB gzip each) rather
 * than inlined in every page's boot data.
 */
const CATALOGUES: Record<string, Messages> = { de, en, es, fr: frDefaults, pl, ro };

function lookup(messages: Messages, key: string): string | undefined {
  const flat = messages[key];
  if (typeof flat === 'string') return flat;
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a key of the `client` domain. Looks in the boot data's messages when a page gives
 * them, then in the bundled catalogue of the user's locale, then in the French source, then
 * falls back to the key itself.
 * Variables use i18next's syntax: `t('islands.mountFailed', { name: 'gantt' })` fills `{{name}}`.
 */
export function t(key: string, vars?: Record<string, string | number>): string {
  const text = lookup(bootData().messages, key) ?? lookup(CATALOGUES[locale()] ?? {}, key) ?? lookup(frDefaults as Messages, key) ?? key;
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** The user's locale from the boot data (`fr` by default). */
export function locale(): string {
  return bootData().locale;
}
