import type { DataSource, EntityManager } from 'typeorm';
import { extensionPoint } from '../../../kernel/extension';
import type { PlanRef } from './plan-ref';

/** A data source or a transaction's manager. */
export type Db = DataSource | EntityManager;

/**
 * Something that keeps a plan from being complete (`error`: the next issue's workflow refuses to
 * send it for signature) or that the user must know (`warning`: a required document missing or
 * expired). `key` is a translation key with its `params`; `tab` is the tab that fixes it.
 */
export interface PlanProblem {
  severity: 'error' | 'warning';
  key: string;
  params?: Record<string, unknown>;
  tab?: string;
}

/** A rule over a whole plan, declared by the module that owns the data it reads. */
export interface PlanCheck {
  name: string;
  check: (db: Db, plan: PlanRef) => Promise<PlanProblem[]>;
}

const checks = new Map<string, PlanCheck>();

/** Adds a rule over plans; a second rule with the same name is a programming error. */
export function registerPlanCheck(check: PlanCheck): void {
  if (checks.has(check.name)) throw new Error(`Contrôle de plan déjà déclaré : ${check.name}`);
  checks.set(check.name, check);
}

/**
 * The rules over plans (companies, documents, risk analysis ...): each part and module
 * contributes its own, run in installation order (module, then declaration order).
 */
export const planChecks = extensionPoint<PlanCheck>('prevention-plan:checks', registerPlanCheck);

/** Every problem of a plan, from every registered rule, errors first. */
export async function runPlanChecks(db: Db, plan: PlanRef): Promise<PlanProblem[]> {
  const found: PlanProblem[] = [];
  for (const c of checks.values()) found.push(...(await c.check(db, plan)));
  return found.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
}
