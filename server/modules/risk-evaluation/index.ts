/**
 * The unique risk document's door: what other modules (and the later parts' consumers: the action
 * plan's sources, dashboards, the prevention plan's duplication modal) may use of it. The module
 * file (`risk-evaluation.routes.ts`) is not re-exported: `server/modules/index.ts` imports it directly.
 */
export { levelFor, rate, rangeProblem, possibleDamages } from './core/rating';
export type { LevelRange, Rating, RangeProblem } from './core/rating';
export { ensureDuDefaults } from './core/du-defaults';
export { listScales, listLevels, listFamilies, listRisks } from './core/du-lists.service';
export type { ScaleValue, PriorityLevel, DangerFamily, DuRiskRow } from './core/du-lists.service';
export { loadDuScope, itemInScope } from './core/du-scope';
export type { DuScope } from './core/du-scope';
export { evaluationAbilities } from './core/du-policy';
export { recomputeRatings } from './core/du-recompute';
