import { t } from './i18n';
import { loadIsland } from './island-registry';
import { queryAllIncludingSelf } from './dom';

const unmounts = new WeakMap<HTMLElement, () => void>();
const pending = new WeakSet<HTMLElement>();

function readProps(el: HTMLElement): unknown {
  const script = el.querySelector<HTMLScriptElement>(':scope > script[type="application/json"][data-island-props]');
  return script?.textContent ? JSON.parse(script.textContent) : {};
}

async function mountOne(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? '';
  try {
    const props = readProps(el);
    const island = await loadIsland(name);
    // The element may have left the page (modal closed) while the chunk was loading.
    if (!el.isConnected || unmounts.has(el)) return;
    const unmount = island.mount(el, props);
    unmounts.set(el, typeof unmount === 'function' ? unmount : () => undefined);
    el.dataset.islandMounted = '1';
  } catch (error) {
    console.error(t('islands.mountFailed', { name }), error);
  } finally {
    pending.delete(el);
  }
}

/** When to mount, from `data-island-client`: `load` (default), `idle` or `visible`. */
function schedule(el: HTMLElement): void {
  const directive = el.dataset.islandClient;
  if (directive === 'visible' && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        void mountOne(el);
      }
    });
    observer.observe(el);
  } else if (directive === 'idle' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(() => void mountOne(el));
  } else {
    void mountOne(el);
  }
}

/** Mounts every not-yet-mounted `[data-island]` in `root` (root included). */
export function mountIslands(root: ParentNode): void {
  for (const el of queryAllIncludingSelf(root, '[data-island]')) {
    if (unmounts.has(el) || pending.has(el)) continue;
    pending.add(el);
    schedule(el);
  }
}

/** Unmounts every mounted island in `root` (root included). */
export function unmountIslands(root: ParentNode): void {
  for (const el of queryAllIncludingSelf(root, '[data-island-mounted]')) {
    const unmount = unmounts.get(el);
    unmounts.delete(el);
    delete el.dataset.islandMounted;
    try {
      unmount?.();
    } catch (error) {
      console.error(error);
    }
  }
}

/**
 * Listens for `vigie:unmount` events; mounting and unmounting on DOM changes go through the
 * shared enhancer observer (see main.ts).
 */
export function startIslands(): void {
  document.addEventListener('vigie:unmount', (event) => {
    if (event.target instanceof Element) unmountIslands(event.target);
  }, true);
}
