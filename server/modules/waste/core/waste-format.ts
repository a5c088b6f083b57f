/** A numeric column's text (`1.250`) as typed in a French form (`1,25`): trailing zeros dropped. */
export function frenchNumber(value: string | number): string {
  return String(Number(value)).replace('.', ',');
}

/** Tonnes with three decimals, French style (`1 250,500`). */
export function formatTonnes(value: number): string {
  return value.toLocaleString('fr-FR', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).replace(/\u202f/g, '\u00a0');
}
