import type { ExtensionPoint } from '../../../kernel/extension';
import { pageTabRegistry, type PageTab } from '../../../kernel/page-tabs';
import type { PlanRef } from './plan-ref';

/**
 * One tab of the plan page. Modules that own a part of the plan (companies, staff, documents,
 * risk analysis ...) contribute their tab to {@link planPageTabs} instead of editing the plan
 * page: the page renders every tab in `order` (`data-testid="plan-tab-<key>"`).
 */
export type PlanTab = PageTab<PlanRef>;

const registry = pageTabRegistry<PlanRef>('plan');

/** The tabs of the plan page: each part and module contributes its own (`contribute(planPageTabs, tab)`). */
export const planPageTabs: ExtensionPoint<PlanTab> = registry;

/** Adds a tab of the plan page (tests); a second tab with the same key is a programming error. */
export const registerPlanTab = (tab: PlanTab): void => registry.register(tab);

/** Every registered tab, in display order. */
export const planTabs = (): PlanTab[] => registry.all();

/** The tabs one user sees on one plan (`visible`, and the tab's toggle when it has one). */
export const visiblePlanTabs = (...args: Parameters<typeof registry.visibleTo>): PlanTab[] => registry.visibleTo(...args);
