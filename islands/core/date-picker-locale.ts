import flatpickr from 'flatpickr';
import type { CustomLocale } from 'flatpickr/dist/types/locale';

/**
 * flatpickr's translation of each locale of the product, each its own small chunk: a page
 * downloads the user's only. English is flatpickr's own default, in its main code.
 */
const LOADERS: Record<string, () => Promise<CustomLocale>> = {
  fr: () => import('flatpickr/dist/l10n/fr.js').then((m) => m.French),
  es: () => import('flatpickr/dist/l10n/es.js').then((m) => m.Spanish),
  de: () => import('flatpickr/dist/l10n/de.js').then((m) => m.German),
  ro: () => import('flatpickr/dist/l10n/ro.js').then((m) => m.Romanian),
  pl: () => import('flatpickr/dist/l10n/pl.js').then((m) => m.Polish),
};

/**
 * The pickers' month and day names in `code` (`fr`, `en`, …), weeks starting on Monday in every
 * locale (English starts them on Sunday). An unknown locale, or a chunk that fails to load, gives
 * English rather than no picker at all.
 */
export async function loadPickerLocale(code: string): Promise<Partial<CustomLocale>> {
  const english = flatpickr.l10ns.default;
  let names: Partial<CustomLocale> = english;
  const load = LOADERS[code.toLowerCase().split(/[-_]/)[0]];
  if (load) {
    try {
      names = await load();
    } catch (error) {
      console.error(error);
    }
  }
  return { ...names, firstDayOfWeek: 1 };
}
