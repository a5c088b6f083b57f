import list from './ced-codes.fr.json';

/** One row of the `waste_code` table. */
export interface WasteCodeRow { code: string; level: number; parentCode: string | null; label: string; hazardous: boolean }

/**
 * The rows of the European waste list from `ced-codes.fr.json` (entries `[code, label]`, the code
 * written as in the official list without spaces, a trailing `*` for a hazardous waste): a
 * two-digit chapter, a four-digit sub-chapter or a six-digit entry, each under its prefix.
 */
export function wasteCodeRows(): WasteCodeRow[] {
  return (list.entries as Array<[string, string]>).map(([raw, label]) => {
    const code = raw.replace('*', '');
    return { code, level: code.length / 2, parentCode: code.length > 2 ? code.slice(0, -2) : null, label, hazardous: raw.endsWith('*') };
  });
}

/** A code as the official list writes it: `17 01 06`. */
export function formatCedCode(code: string): string {
  return code.replace(/(\d{2})(?=\d)/g, '$1 ');
}
