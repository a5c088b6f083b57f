import { todayIso } from '../../kernel/clock';

/** Days to hand in the PPSPS after the contract is signed (R4532-64 reading, docs/ppsps.md). */
export const DUE_DAYS = 30;
/** Days for second-œuvre or minor works without particular risks (R4532-65 reading). */
export const DUE_DAYS_LIGHT = 8;

/** States of the PPSPS's delivery: no contract date, signed, due later, or late. */
export type DueState = 'unknown' | 'signed' | 'pending' | 'late';

/** States in which the PPSPS counts as signed (every signature gathered). */
const SIGNED = new Set(['in_operation', 'expired']);

/** The due date (`YYYY-MM-DD`) of a PPSPS, or null without a contract date. */
export function ppspsDueDate(p: { contractSignedDate: string | null; secondOeuvreWithoutRisks: boolean }): string | null {
  if (!p.contractSignedDate) return null;
  const d = new Date(`${p.contractSignedDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (p.secondOeuvreWithoutRisks ? DUE_DAYS_LIGHT : DUE_DAYS));
  return d.toISOString().slice(0, 10);
}

/** Where the PPSPS stands against its due date: `late` once the date has passed while it is not signed. */
export function ppspsDueState(p: { status: string; contractSignedDate: string | null; secondOeuvreWithoutRisks: boolean }, today = todayIso()): DueState {
  if (SIGNED.has(p.status)) return 'signed';
  const due = ppspsDueDate(p);
  if (!due) return 'unknown';
  return today > due ? 'late' : 'pending';
}

/** SQL of the same due date (alias `p`). */
export function dueDateSql(alias = 'p'): string {
  return `(${alias}.contract_signed_date + CASE WHEN ${alias}.second_oeuvre_without_risks THEN ${DUE_DAYS_LIGHT} ELSE ${DUE_DAYS} END)`;
}
