import type { Day, Locale, Month } from 'date-fns';

const ENGLISH_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * date-fns' `format` for the calendar's patterns only (FORMATS in CalendarApp.tsx, and
 * react-big-calendar's `dd` for the month's day numbers): the numbers `yyyy`, `MM`, `dd`, `HH`,
 * `mm` and the names `EEE`, `EEEE`, `MMMM`, in the locale's own words, as date-fns writes them
 * (calendar-format.test.ts compares both in every locale of the product). date-fns' `format`
 * brought its formatters for every token and its built-in English: a tenth of the calendar's
 * chunk, most of it never run. Any other letter throws, as date-fns does for a letter it does
 * not know: a new pattern needs its tokens here. Without a locale (its chunk failed to load), the
 * names are English, as date-fns' would be.
 */
export function formatDate(value: Date | number, pattern: string, options?: { locale?: Locale }): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const localize = options?.locale?.localize;
  const day = date.getDay() as Day;
  const month = date.getMonth() as Month;
  return pattern.replace(/([A-Za-z])\1*/g, (token) => {
    switch (token) {
      case 'yyyy': return pad(date.getFullYear(), 4);
      case 'MM': return pad(month + 1, 2);
      case 'dd': return pad(date.getDate(), 2);
      case 'HH': return pad(date.getHours(), 2);
      case 'mm': return pad(date.getMinutes(), 2);
      case 'EEE': return localize ? localize.day(day, { width: 'abbreviated', context: 'formatting' }) : ENGLISH_DAYS[day].slice(0, 3);
      case 'EEEE': return localize ? localize.day(day, { width: 'wide', context: 'formatting' }) : ENGLISH_DAYS[day];
      case 'MMMM': return localize ? localize.month(month, { width: 'wide', context: 'formatting' }) : ENGLISH_MONTHS[month];
      default: throw new RangeError(`The calendar's date format does not know \`${token}\` (calendar-format.ts)`);
    }
  });
}
