import { extensionPoint } from '../../../kernel/extension';

/**
 * Labels of the plan's history rows written outside a workflow: each part of the plan that
 * writes in the plan's history (`subject_type = 'prevention_plan'`) contributes the translation
 * key of each of its transitions to {@link planHistoryLabels}; the history tab maps `transition` through it.
 */
const labels = new Map<string, string>();

/** Declares the translation keys of some transitions (`{ document_add: 'plan-document.plan_history.document_add' }`). */
export function registerPlanHistoryLabels(entries: Record<string, string>): void {
  for (const [transition, key] of Object.entries(entries)) labels.set(transition, key);
}

/** The plan's history labels: `contribute(planHistoryLabels, { document_add: 'plan-document.plan_history.document_add' })`. */
export const planHistoryLabels = extensionPoint<Record<string, string>>('prevention-plan:history_labels', registerPlanHistoryLabels);

/** The translation key of a transition: a registered one, else the plan's own (`prevention-plan.history.<transition>`). */
export function planHistoryLabel(transition: string): string {
  return labels.get(transition) ?? `prevention-plan.history.${transition}`;
}
