/** Today as the application sees it: the calendar day in Paris, `YYYY-MM-DD` (not UTC's, which differs after 22:00 or 23:00). */
export const parisToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The day `days` from today in Paris as `YYYY-MM-DD` (the value a date column or a seeded row takes). */
export const iso = (days: number): string =>
  new Date(Date.parse(`${parisToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The same day as the user types and reads it: `DD/MM/YYYY`. */
export const french = (days: number): string => { const i = iso(days); return `${i.slice(8, 10)}/${i.slice(5, 7)}/${i.slice(0, 4)}`; };
