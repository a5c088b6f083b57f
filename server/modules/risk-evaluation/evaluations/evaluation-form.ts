import type { Db } from '../../../kernel/db/sql';
import { lastValue } from '../../../kernel/http/fields';
import { listFamilies, listLevels, listRisks, listScales, type DangerFamily, type DuRiskRow, type PriorityLevel, type ScaleValue } from '../core/du-lists.service';
import { entityChoices, userChoices, workUnitChoices, workstationChoices, type Choice } from '../core/du-places.service';
import type { DuScope } from '../core/du-scope';
import { possibleDamages, rate } from '../core/rating';
import type { ScaleKind } from '../core/du-scale-value.entity';

/** An id read from a typed value (`'12'`, `12`, a field sent twice), or null. */
export function idOf(v: unknown): number | null {
  const n = Number(lastValue(v));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The ids of a multi-select as typed. */
export function idsOf(v: unknown): number[] {
  return (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0);
}

/** The choices of the place block (entity → work units and workstations). */
export interface PlaceChoices { items: Choice[]; workUnits: Choice[]; workstations: Choice[] }

/** The place block's choices for what is typed: the workstations depend on the entity and work unit. */
export async function placeChoices(db: Db, tenantId: number, scope: DuScope, values: Record<string, unknown>, keep: { itemId?: number | null; workstationId?: number | null } = {}): Promise<PlaceChoices> {
  const [items, workUnits, workstations] = await Promise.all([
    entityChoices(db, tenantId, scope, keep.itemId ?? null),
    workUnitChoices(db, tenantId),
    workstationChoices(db, tenantId, idOf(values.hierarchyItemId), idOf(values.workUnitId), keep.workstationId ?? null),
  ]);
  return { items, workUnits, workstations };
}

/** The choices of the danger block (danger family → associated risks) and the possible damages of the risks chosen. */
export interface DangerChoices { families: DangerFamily[]; risks: DuRiskRow[]; damages: string[] }

/** The danger block's choices for what is typed: the risks of the chosen family, the union of their injuries. */
export async function dangerChoices(db: Db, tenantId: number, values: Record<string, unknown>): Promise<DangerChoices> {
  const familyId = idOf(values.dangerFamilyId);
  const [families, risks] = await Promise.all([listFamilies(db, tenantId), familyId === null ? Promise.resolve([]) : listRisks(db, tenantId, familyId)]);
  const chosen = new Set(idsOf(values.riskIds));
  return { families, risks, damages: possibleDamages(risks.filter((r) => chosen.has(r.id)).map((r) => r.injuries)) };
}

/** What the rating shows before the browser takes over: the server's figures for the values typed. */
export interface RatingView { grossRisk: number | null; priorityRisk: number | null; level: PriorityLevel | null }

/** Every choice of the evaluation form and the rating of what is typed. */
export interface EvaluationFormChoices {
  place: PlaceChoices;
  danger: DangerChoices;
  scales: Record<ScaleKind, ScaleValue[]>;
  levels: PriorityLevel[];
  users: Choice[];
  rating: RatingView;
}

/** Rates the typed gravity, probability and control with the company's scales and levels (nothing when one is missing). */
export function ratingOf(values: Record<string, unknown>, scales: Record<ScaleKind, ScaleValue[]>, levels: PriorityLevel[]): RatingView {
  const pick = (kind: ScaleKind, field: string) => scales[kind].find((s) => s.id === idOf(values[field]));
  const g = pick('gravity', 'gravityId');
  const p = pick('probability', 'probabilityId');
  const c = pick('control', 'controlId');
  if (!g || !p) return { grossRisk: null, priorityRisk: null, level: null };
  if (!c) return { grossRisk: g.valuation * p.valuation, priorityRisk: null, level: null };
  return rate(g.valuation, p.valuation, c.valuation, levels) as RatingView;
}

/** Reads every choice of the form for the values typed (or held by the record). */
export async function evaluationFormChoices(db: Db, tenantId: number, scope: DuScope, values: Record<string, unknown>, keep: { itemId?: number | null; workstationId?: number | null; supervisorId?: number | null } = {}): Promise<EvaluationFormChoices> {
  const [place, danger, scales, levels, users] = await Promise.all([
    placeChoices(db, tenantId, scope, values, keep),
    dangerChoices(db, tenantId, values),
    listScales(db, tenantId),
    listLevels(db, tenantId),
    userChoices(db, tenantId, keep.supervisorId ?? null),
  ]);
  return { place, danger, scales, levels, users, rating: ratingOf(values, scales, levels) };
}
