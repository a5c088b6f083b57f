import { bootData } from './boot';
import frDefaults from '../../translations/fr/client.json';

type Messages = Record<string, unknown>;

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
 * Translates a key of the `client` domain. Looks in the boot data's messages (the user's
 * locale), then in the bundled French source, then falls back to the key itself.
 * Variables use i18next's syntax: `t('islands.mountFailed', { name: 'gantt' })` fills `{{name}}`.
 */
export function t(key: string, vars?: Record<string, string | number>): string {
  const text = lookup(bootData().messages, key) ?? lookup(frDefaults as Messages, key) ?? key;
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** The user's locale from the boot data (`fr` by default). */
export function locale(): string {
  return bootData().locale;
}
