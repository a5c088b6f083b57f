import type { Request } from 'express';
import type { AuthUser } from './rights/auth-user';
import { extensionPoint, type ExtensionPoint } from './extension';

/**
 * One tab of a record's page (a plan, an employee, a project ...), registered by the module
 * that owns its content, so the page never has to know every module that adds a tab.
 */
export interface PageTab<S> {
  /** Stable key: `?tab=<key>` opens it; also used in the tab's `data-testid`. */
  key: string;
  /** Translation key of the label. */
  labelKey: string;
  /** bootstrap-icons name. */
  icon: string;
  order: number;
  /** HTML of the tab body for the request's user; called only when the tab is visible. */
  render: (req: Request, subject: S) => Promise<string>;
  /** A small count beside the label, or null. */
  badge?: (req: Request, subject: S) => Promise<number | null>;
  visible?: (user: AuthUser, subject: S) => boolean;
  /** A feature toggle that must be on for the tab to show (e.g. `gantt`). */
  toggle?: string;
}

/**
 * The tabs of one kind of page: an extension point the owning modules contribute to (`add`, or
 * `register` in tests), `all` in display order for the page.
 */
export interface PageTabRegistry<S> extends ExtensionPoint<PageTab<S>> {
  register(tab: PageTab<S>): void;
  all(): Array<PageTab<S>>;
  /** The tabs one user sees on one record: `visible` says yes and the tab's toggle is not off. */
  visibleTo(user: AuthUser, subject: S, toggles?: Record<string, boolean>): Array<PageTab<S>>;
}

/** Creates the tab registry of one kind of page; `what` names the page in the duplicate-key error. */
export function pageTabRegistry<S>(what: string): PageTabRegistry<S> {
  const tabs = new Map<string, PageTab<S>>();
  const register = (tab: PageTab<S>): void => {
    if (tabs.has(tab.key)) throw new Error(`Onglet déjà déclaré (${what}) : ${tab.key}`);
    tabs.set(tab.key, tab);
  };
  return {
    ...extensionPoint(`tabs:${what}`, register),
    register,
    all: () => [...tabs.values()].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key)),
    visibleTo(user, subject, toggles = {}) {
      return this.all().filter((t) => (!t.visible || t.visible(user, subject)) && (!t.toggle || toggles[t.toggle] !== false));
    },
  };
}
