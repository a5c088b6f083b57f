import { catalogue, DEFAULT_LOCALE } from './i18n';

/**
 * Seeded reference data (work types and the 1993 dangerous works, activity categories, efficiency
 * synthesis values …) is stored in French, the legal wording documents print. Its translations live
 * in `translations/<locale>/refdata.json` under `<kind>.<key>`, the French catalogue holding the very
 * wording that is seeded. A stored label equal to a French entry of its kind is shown in the reader's
 * language; any other label (renamed or created by the company) is its own wording and shown as typed.
 * See docs/nomenclature.md « Données de référence traduites ».
 */
export type RefDataKind = 'work_type' | 'activity_category' | 'efficiency_synthesis';

/** Shows a stored label of `kind` in a locale: its translation when it is seeded wording, else as is. */
export type RefLabeller = (label: string) => string;

const labellers = new Map<string, RefLabeller>();

/**
 * The labeller of one kind in one locale. Catalogues never change while the process runs, so the
 * French-wording → translation map is built once per locale and kind; a lookup is one Map read.
 */
export function refLabeller(locale: string, kind: RefDataKind): RefLabeller {
  const id = `${locale}\u0000${kind}`;
  let labeller = labellers.get(id);
  if (!labeller) {
    const fr = (catalogue(DEFAULT_LOCALE, 'refdata')[kind] ?? {}) as Record<string, string>;
    const own = (catalogue(locale, 'refdata')[kind] ?? {}) as Record<string, string>;
    const map = new Map<string, string>();
    for (const [key, wording] of Object.entries(fr)) map.set(wording, own[key] ?? wording);
    labeller = (label: string) => map.get(label) ?? label;
    labellers.set(id, labeller);
  }
  return labeller;
}

/** One stored label of `kind` in a locale (see {@link refLabeller}). */
export function refLabel(locale: string, kind: RefDataKind, label: string): string {
  return refLabeller(locale, kind)(label);
}

