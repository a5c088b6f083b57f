/** The contract of an island module (`islands/<name>/index.tsx`). */
export interface IslandModule {
  /** Renders the widget into `el` with the serialised props; returns the unmount function. */
  mount(el: HTMLElement, props: any): () => void;
}

type Loader = () => Promise<unknown>;

// One lazy chunk per widget folder. (`import.meta` is vite's; tsc's commonjs setting objects to it.)
// @ts-ignore TS1343
const modules = import.meta.glob('../*/index.tsx') as Record<string, Loader>;

const loaders = new Map<string, Loader>();
for (const [path, loader] of Object.entries(modules)) {
  const name = /^\.\.\/([^/]+)\/index\.tsx$/.exec(path)?.[1];
  if (name && name !== 'core') loaders.set(name, loader);
}

/** Loads the island module called `name`, or rejects when it does not exist. */
export async function loadIsland(name: string): Promise<IslandModule> {
  const loader = loaders.get(name);
  if (!loader) throw new Error(`Unknown island "${name}"`);
  const module = (await loader()) as Partial<IslandModule>;
  if (typeof module.mount !== 'function') throw new Error(`Island "${name}" exports no mount()`);
  return module as IslandModule;
}

/**
 * Starts downloading the chunk of island `name` ahead of its mounting (a fragment about to be
 * shown holds it); unknown names and failures are left to the mounting, which reports them.
 */
export function preloadIsland(name: string): void {
  loaders.get(name)?.().catch(() => undefined);
}

/** Names of the islands known to the build. */
export function islandNames(): string[] {
  return [...loaders.keys()];
}
