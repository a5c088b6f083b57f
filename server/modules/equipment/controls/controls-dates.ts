/** `YYYY-MM-DD` → `DD/MM/YYYY`; `''` without a date. */
export function isoToFrenchDate(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
