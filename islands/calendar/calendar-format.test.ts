import { format, type Locale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { pl } from 'date-fns/locale/pl';
import { ro } from 'date-fns/locale/ro';
import { formatDate } from './calendar-format';

// Every pattern the calendar formats with (FORMATS in CalendarApp.tsx, react-big-calendar's `dd`).
const PATTERNS = ['HH:mm', 'EEE dd/MM/yyyy', 'dd/MM/yyyy', 'EEE dd/MM', 'EEEE dd/MM/yyyy', 'MMMM yyyy', 'EEEE', 'dd'];

describe('calendar date format', () => {
  it('writes what date-fns writes, in every locale of the product and without one', () => {
    const dates: Date[] = [];
    for (let month = 0; month < 12; month++) {
      dates.push(new Date(2026, month, 1, 7, 5), new Date(2026, month, 15, 23, 59));
    }
    for (let day = 0; day < 7; day++) dates.push(new Date(2027, 1, 1 + day, 12, 0));
    dates.push(new Date(999, 0, 3, 0, 0));
    const locales: Array<Locale | undefined> = [fr, enGB, es, de, ro, pl, undefined];
    for (const locale of locales) {
      for (const pattern of PATTERNS) {
        for (const date of dates) {
          expect([locale?.code, pattern, formatDate(date, pattern, { locale })]).toEqual([locale?.code, pattern, format(date, pattern, { locale })]);
        }
      }
    }
    expect(formatDate(new Date(2026, 10, 27, 9, 30), 'EEEE dd/MM/yyyy HH:mm', { locale: fr })).toBe('vendredi 27/11/2026 09:30');
    expect(formatDate(new Date(2026, 10, 27).getTime(), 'MMMM yyyy', { locale: pl })).toBe(format(new Date(2026, 10, 27), 'MMMM yyyy', { locale: pl }));
  });

  it('refuses a token it does not know and an invalid date, as date-fns does', () => {
    expect(() => formatDate(new Date(2026, 0, 1), 'p', { locale: fr })).toThrow(RangeError);
    expect(() => formatDate(new Date(2026, 0, 1), 'MMM yyyy', { locale: fr })).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), 'dd', { locale: fr })).toThrow(RangeError);
  });
});
