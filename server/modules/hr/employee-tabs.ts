import type { ExtensionPoint } from '../../kernel/extension';
import { pageTabRegistry, type PageTab } from '../../kernel/page-tabs';
import type { EmployeeRef } from './employee-access';

/** One tab of the employee page (general, formations, work interruptions, medical check-ups, leave ...). */
export type EmployeeTab = PageTab<EmployeeRef>;

const registry = pageTabRegistry<EmployeeRef>('salarié');

/** The tabs of the employee page: each HR part contributes its own (`contribute(employeePageTabs, tab)`). */
export const employeePageTabs: ExtensionPoint<EmployeeTab> = registry;

/** Adds a tab of the employee page (tests); a second tab with the same key is a programming error. */
export const registerEmployeeTab = (tab: EmployeeTab): void => registry.register(tab);

/** Every registered tab, in display order. */
export const employeeTabs = (): EmployeeTab[] => registry.all();

/** The tabs one user sees on one employee (`visible`, and the tab's toggle when it has one). */
export const visibleEmployeeTabs = (...args: Parameters<typeof registry.visibleTo>): EmployeeTab[] => registry.visibleTo(...args);
