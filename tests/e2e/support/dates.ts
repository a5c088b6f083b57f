/** The day `days` from today as `YYYY-MM-DD` (the value a date column or a seeded row takes). */
export const iso = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The same day as the user types and reads it: `DD/MM/YYYY`. */
export const french = (days: number): string => { const i = iso(days); return `${i.slice(8, 10)}/${i.slice(5, 7)}/${i.slice(0, 4)}`; };
