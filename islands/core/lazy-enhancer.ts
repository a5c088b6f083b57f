import { registerEnhancer, type Enhancer, type Teardown } from './enhance';

/** What a lazy enhancer's chunk provides. */
export interface LazyEnhancerModule {
  enhance: Enhancer;
  teardown?: Teardown;
}

/** Options of {@link registerLazyEnhancer}. */
export interface LazyEnhancerOptions {
  /** The chunk's module name (`date-pickers` for `islands/core/date-pickers.ts`): the key of `#vigie-chunks`. */
  name: string;
  /** Elements it enhances; a subtree without any never loads the chunk. */
  selector: string;
  /** Found in the HTML of a fragment that holds such elements (tested before it is parsed). */
  marker: RegExp;
  /** Loads the chunk (a dynamic `import()`, which vite bundles with its styles). */
  load: () => Promise<LazyEnhancerModule>;
}

interface Lazy extends LazyEnhancerOptions {
  module: LazyEnhancerModule | null;
  loading: Promise<void> | null;
  /** Subtrees waiting for the chunk, each with the resolver of its enhancement. */
  waiting: Map<ParentNode, { done: Promise<void>; resolve: () => void }>;
}

const lazies = new Map<string, Lazy>();

/** The build's URLs of a lazy chunk, printed by the layout (server/kernel/islands/manifest.ts). */
interface ChunkUrls {
  js: string;
  css?: string[];
}

let chunkUrls: Record<string, ChunkUrls> | null = null;

function readChunkUrls(): Record<string, ChunkUrls> {
  if (chunkUrls) return chunkUrls;
  try {
    chunkUrls = JSON.parse(document.getElementById('vigie-chunks')?.textContent || '{}') as Record<string, ChunkUrls>;
  } catch {
    chunkUrls = {};
  }
  return chunkUrls;
}

/**
 * While the page is still loading, the chunk is also requested through a `<script type=module>`
 * (and its styles through `<link>`): such elements hold the window's `load` event until the chunk
 * has run, and the chunk enhances the waiting fields as it runs ({@link provideLazyEnhancer}), so
 * a page counts as loaded with its date fields, searches and editors ready, as when they were in
 * the main bundle. The `import()` then finds the module already there.
 */
function holdLoadEvent(name: string): void {
  if (document.readyState === 'complete') return;
  const urls = readChunkUrls()[name];
  if (!urls?.js || document.querySelector(`script[src="${CSS.escape(urls.js)}"]`)) return;
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  for (const href of urls.css ?? []) {
    if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = urls.js;
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}

function startLoading(lazy: Lazy): Promise<void> {
  if (!lazy.loading) {
    holdLoadEvent(lazy.name);
    lazy.loading = lazy.load().then(
      (module) => provideLazyEnhancer(lazy.name, module),
      (error: unknown) => {
        // A later subtree tries again (a chunk that failed on the network).
        lazy.loading = null;
        for (const [root, waiter] of lazy.waiting) {
          lazy.waiting.delete(root);
          waiter.resolve();
        }
        console.error(error);
        throw error;
      },
    );
  }
  return lazy.loading;
}

function holds(root: ParentNode, selector: string): boolean {
  return !!root.querySelector(selector) || (root instanceof Element && root.matches(selector));
}

/**
 * Registers an enhancer whose code is its own chunk (date pickers, user searches, rich text,
 * tooltips): the first subtree holding one of its elements downloads it, then is enhanced; once
 * loaded it runs synchronously like any enhancer. Pages without such elements never download it.
 */
export function registerLazyEnhancer(options: LazyEnhancerOptions): void {
  const lazy: Lazy = { ...options, module: null, loading: null, waiting: new Map() };
  lazies.set(options.name, lazy);
  registerEnhancer(
    (root) => {
      if (lazy.module) {
        lazy.module.enhance(root);
        return;
      }
      if (lazy.waiting.has(root) || !holds(root, lazy.selector)) return;
      let resolve: () => void = () => undefined;
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      lazy.waiting.set(root, { done, resolve });
      startLoading(lazy).catch(() => undefined);
    },
    (root) => lazy.module?.teardown?.(root),
  );
}

/**
 * Called by a lazy chunk as it runs (and again, harmlessly, when its `import()` resolves): from
 * now on its enhancer runs synchronously, and the subtrees that waited for it are enhanced.
 */
export function provideLazyEnhancer(name: string, module: LazyEnhancerModule): void {
  const lazy = lazies.get(name);
  if (!lazy || lazy.module) return;
  lazy.module = module;
  for (const [root, waiter] of lazy.waiting) {
    lazy.waiting.delete(root);
    try {
      if (!(root instanceof Node) || root.isConnected) module.enhance(root);
    } catch (error) {
      console.error(error);
    }
    waiter.resolve();
  }
}

/** Resolves once every subtree waiting for a lazy enhancer's chunk is enhanced (or its load failed). */
export async function lazyEnhancersSettled(): Promise<void> {
  await Promise.all([...lazies.values()].flatMap((lazy) => [...lazy.waiting.values()].map((w) => w.done)));
}

/**
 * Loads the chunks a fragment's HTML will need (a modal about to open), so that its elements are
 * enhanced as it is inserted, as with the enhancers of the main bundle.
 */
export function loadLazyEnhancersFor(html: string): Promise<void> {
  const needed = [...lazies.values()].filter((lazy) => !lazy.module && lazy.marker.test(html));
  return Promise.all(needed.map((lazy) => startLoading(lazy))).then(() => undefined);
}
