/**
 * The rating of a risk evaluation (seed 000 §9, seed 002 §9), pure so that the server and the
 * form's island compute it the same way:
 * gross risk = gravity × initial probability; priority risk = gross risk × risk control; the
 * priority level is the one whose [min, max] range holds the priority risk, an empty max being
 * open-ended. This file imports nothing: the island bundles it.
 */

/** A priority level as the rating reads it. */
export interface LevelRange {
  id: number;
  label: string;
  color: string;
  minValue: number;
  maxValue: number | null;
}

/** The computed part of an evaluation. */
export interface Rating {
  grossRisk: number;
  priorityRisk: number;
  level: LevelRange | null;
}

/**
 * The level whose range holds `value`, or null when none does. Ranges are kept without overlap;
 * were two to hold the value, the one with the highest minimum (the most specific) wins, as the
 * database recomputation does (`ORDER BY min_value DESC`).
 */
export function levelFor<L extends LevelRange>(levels: readonly L[], value: number): L | null {
  let found: L | null = null;
  for (const l of levels) {
    if (value < l.minValue || (l.maxValue !== null && value > l.maxValue)) continue;
    if (!found || l.minValue > found.minValue) found = l;
  }
  return found;
}

/** Rates an evaluation from the valuations of its gravity, probability and control. */
export function rate<L extends LevelRange>(gravity: number, probability: number, control: number, levels: readonly L[]): { grossRisk: number; priorityRisk: number; level: L | null } {
  const grossRisk = gravity * probability;
  const priorityRisk = grossRisk * control;
  return { grossRisk, priorityRisk, level: levelFor(levels, priorityRisk) };
}

/** A range as typed in the priority levels form. */
export interface RangeRow {
  label: string;
  minValue: number;
  maxValue: number | null;
}

/** Why a set of ranges is refused, with what the French message names. */
export type RangeProblem =
  | { kind: 'overlap'; first: RangeRow; second: RangeRow }
  | { kind: 'gap'; from: number; to: number };

/**
 * What is wrong with a set of priority level ranges, or null when they follow one another: sorted
 * by minimum, each range starts right after the previous one's maximum (whole numbers: max + 1);
 * a range with an empty maximum holds every value above its minimum, so a range after it overlaps.
 */
export function rangeProblem(rows: readonly RangeRow[]): RangeProblem | null {
  const sorted = [...rows].sort((a, b) => a.minValue - b.minValue || (a.maxValue ?? Infinity) - (b.maxValue ?? Infinity));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev.maxValue === null || cur.minValue <= prev.maxValue) return { kind: 'overlap', first: prev, second: cur };
    if (cur.minValue > prev.maxValue + 1) return { kind: 'gap', from: prev.maxValue + 1, to: cur.minValue - 1 };
  }
  return null;
}

/** The de-duplicated union of the injuries of the selected risks, in order of first appearance (case-insensitive). */
export function possibleDamages(injuryLists: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const list of injuryLists) {
    for (const raw of list) {
      const injury = raw.trim();
      const key = injury.toLocaleLowerCase('fr');
      if (!injury || seen.has(key)) continue;
      seen.add(key);
      out.push(injury);
    }
  }
  return out;
}

/** The injuries of a risk, stored one per line. */
export function injuriesOf(text: string | null | undefined): string[] {
  return (text ?? '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
}
