import type { Request } from 'express';
import type { AuthUser } from '../../kernel/rights/auth-user';
import type { EmployeeRef } from './employee-access';

/**
 * One tab of the employee page (general, formations, work interruptions, medical check-ups,
 * leave ...). The parts of HR register their tab here instead of editing the employee page.
 */
export interface EmployeeTab {
  /** Stable key: `?tab=<key>` opens it; `data-testid="employee-tab-<key>"`. */
  key: string;
  /** Translation key of the label. */
  labelKey: string;
  /** bootstrap-icons name. */
  icon: string;
  order: number;
  /** HTML of the tab body for the request's user; called only when the tab is visible. */
  render: (req: Request, employee: EmployeeRef) => Promise<string>;
  /** A small count beside the label, or null. */
  badge?: (req: Request, employee: EmployeeRef) => Promise<number | null>;
  visible?: (user: AuthUser, employee: EmployeeRef) => boolean;
}

const tabs = new Map<string, EmployeeTab>();

/** Declares a tab of the employee page; a second tab with the same key is a programming error. */
export function registerEmployeeTab(tab: EmployeeTab): void {
  if (tabs.has(tab.key)) throw new Error(`Onglet de salarié déjà déclaré : ${tab.key}`);
  tabs.set(tab.key, tab);
}

/** Every registered tab, in display order. */
export function employeeTabs(): EmployeeTab[] {
  return [...tabs.values()].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}
