import type { Locale } from 'date-fns';

/**
 * date-fns' translation of each locale of the product, each its own small chunk: a calendar page
 * downloads the user's only. English is British English: 24-hour clock, day before month.
 */
const LOADERS: Record<string, () => Promise<Locale>> = {
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  en: () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  ro: () => import('date-fns/locale/ro').then((m) => m.ro),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
};

/** The loaded locales by culture, read by the calendar's localizer at each format. */
export const calendarLocales: Record<string, Locale> = {};

/**
 * Loads the month and day names of `code` (`fr`, `en`, …) and gives the calendar's culture: an
 * unknown locale is French, the product's first language. A chunk that fails to load leaves
 * date-fns' own English names rather than no calendar at all.
 */
export async function loadCalendarLocale(code: string): Promise<string> {
  const base = code.toLowerCase().split(/[-_]/)[0];
  const culture = base in LOADERS ? base : 'fr';
  if (calendarLocales[culture]) return culture;
  try {
    calendarLocales[culture] = await LOADERS[culture]();
  } catch (error) {
    console.error(error);
  }
  return culture;
}
