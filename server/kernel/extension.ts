import type { ModuleDef } from './module';

/**
 * A named place modules plug into: the tabs of a page, the listeners of a workflow, the cards of
 * the home page, the handlers of jobs ... A module never adds to it when one of its files is
 * imported: it declares what it adds (a {@link Contribution}) in its definition, and
 * {@link installModules} adds it at boot.
 */
export interface ExtensionPoint<T> {
  /** Names the point in errors and tests (`home:cards`, `workflow:action:listeners` ...): not a translation key. */
  readonly name: string;
  /** Adds one item; a registry may throw on a duplicate key. */
  add(item: T): void;
}

/** Makes an extension point named `name` whose `add` is the registry's own. */
export function extensionPoint<T>(name: string, add: (item: T) => void): ExtensionPoint<T> {
  return { name, add };
}

/** Items a module adds to one extension point, declared as data in its definition (`contributes`). */
export interface Contribution {
  // `any`: a module's list mixes points of different item types; `contribute` types each one.
  readonly point: ExtensionPoint<any>;
  readonly items: readonly unknown[];
}

/** Declares `items` for `point` (nothing is added until {@link installModules} runs). */
export function contribute<T>(point: ExtensionPoint<T>, ...items: NoInfer<T>[]): Contribution {
  return { point, items };
}

/** Contributions already added in this process. */
const installed = new WeakSet<Contribution>();

/**
 * Adds every module's contributions to their extension points, in module order then in
 * declaration order, each contribution exactly once per process: tests build many apps in one
 * process, and registries throw on a duplicate key. Called by `createApp`, `startBackground` and
 * the command-line entries that need registrations (demo seed, jobs).
 */
export function installModules(modules: readonly ModuleDef[]): void {
  for (const m of modules) {
    for (const c of m.contributes ?? []) {
      if (installed.has(c)) continue;
      installed.add(c);
      for (const item of c.items) c.point.add(item);
    }
  }
}
