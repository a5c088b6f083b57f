import type { Request } from 'express';
import type { AuthUser } from '../../kernel/rights/auth-user';
import type { PlanRef } from './plan-ref';

/**
 * One tab of the plan page. Modules that own a part of the plan (companies, staff, documents,
 * risk analysis ...) register their tab here instead of editing the plan page: the page renders
 * every registered tab in `order`.
 */
export interface PlanTab {
  /** Stable key, used in the URL (`?tab=<key>` opens it) and `data-testid="plan-tab-<key>"`. */
  key: string;
  /** Translation key of the tab's label. */
  labelKey: string;
  /** bootstrap-icons name. */
  icon: string;
  order: number;
  /** HTML of the tab body for the request's user; called only when the tab is visible. */
  render: (req: Request, plan: PlanRef) => Promise<string>;
  /** A small count shown beside the label (e.g. number of companies), or null. */
  badge?: (req: Request, plan: PlanRef) => Promise<number | null>;
  visible?: (user: AuthUser, plan: PlanRef) => boolean;
}

const tabs = new Map<string, PlanTab>();

/** Declares a tab of the plan page; a second tab with the same key is a programming error. */
export function registerPlanTab(tab: PlanTab): void {
  if (tabs.has(tab.key)) throw new Error(`Onglet de plan déjà déclaré : ${tab.key}`);
  tabs.set(tab.key, tab);
}

/** Every registered tab, in display order. */
export function planTabs(): PlanTab[] {
  return [...tabs.values()].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}
