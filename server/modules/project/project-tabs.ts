import type { ExtensionPoint } from '../../kernel/extension';
import { pageTabRegistry, type PageTab } from '../../kernel/page-tabs';
import type { ProjectRef } from './project-access';

/** One tab of the project page (home, events, tasks, gantt ...), registered by the part that owns it. */
export type ProjectTab = PageTab<ProjectRef>;

const registry = pageTabRegistry<ProjectRef>('projet');

/** The tabs of the project page: each part contributes its own (`contribute(projectPageTabs, tab)`). */
export const projectPageTabs: ExtensionPoint<ProjectTab> = registry;

/** Adds a tab of the project page (tests); a second tab with the same key is a programming error. */
export const registerProjectTab = (tab: ProjectTab): void => registry.register(tab);

/** Every registered tab, in display order. */
export const projectTabs = (): ProjectTab[] => registry.all();

/** The tabs one user sees on one project (`visible`, and the tab's toggle when it has one). */
export const visibleProjectTabs = (...args: Parameters<typeof registry.visibleTo>): ProjectTab[] => registry.visibleTo(...args);
