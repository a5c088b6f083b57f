import { pageTabRegistry, type PageTab } from '../../../kernel/page-tabs';
import type { PlanRef } from './plan-ref';

/**
 * One tab of the plan page. Modules that own a part of the plan (companies, staff, documents,
 * risk analysis ...) register their tab here instead of editing the plan page: the page renders
 * every registered tab in `order` (`data-testid="plan-tab-<key>"`).
 */
export type PlanTab = PageTab<PlanRef>;

const registry = pageTabRegistry<PlanRef>('plan');

/** Declares a tab of the plan page; a second tab with the same key is a programming error. */
export const registerPlanTab = (tab: PlanTab): void => registry.register(tab);

/** Every registered tab, in display order. */
export const planTabs = (): PlanTab[] => registry.all();

/** The tabs one user sees on one plan (`visible`, and the tab's toggle when it has one). */
export const visiblePlanTabs = (...args: Parameters<typeof registry.visibleTo>): PlanTab[] => registry.visibleTo(...args);
