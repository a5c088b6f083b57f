import { escapeHtml } from './dom';
import { t } from './i18n';
import { Tab } from './bootstrap';

/**
 * Keeping the user's place across the reloads that follow a save or a transition (issue 25
 * item 3): the tab is in the address (`?tab=`, tab-url.ts), the scroll position and the
 * message of the reply wait in sessionStorage for the reloaded page, once.
 */

const PLACE_KEY = 'vigie:place';
/** A remembered place older than this (ms) is ignored: the reload did not happen, or long ago. */
export const PLACE_MAX_AGE = 30_000;

interface Place {
  path: string;
  y: number;
  at: number;
  message?: string;
}

function readPlace(): Place | null {
  try {
    const raw = sessionStorage.getItem(PLACE_KEY);
    sessionStorage.removeItem(PLACE_KEY);
    const place = raw ? (JSON.parse(raw) as Place) : null;
    return place && Date.now() - place.at < PLACE_MAX_AGE ? place : null;
  } catch {
    return null;
  }
}

/**
 * Remembers the scroll position of this page (keyed by its path) and the reply's `message`,
 * for {@link restorePlace} on the next load of the same path.
 */
export function rememberPlace(message?: string): void {
  const place: Place = { path: window.location.pathname, y: Math.round(window.scrollY), at: Date.now(), message };
  try {
    sessionStorage.setItem(PLACE_KEY, JSON.stringify(place));
  } catch {
    // Private mode without storage: the reload simply starts at the top.
  }
}

/** The keys of the tabs shown now, by the `data-tab-param` of their list (`{ tab: 'staff' }`). */
export function currentTabParams(root: ParentNode = document): Record<string, string> {
  const params: Record<string, string> = {};
  root.querySelectorAll<HTMLElement>('[data-tab-param]').forEach((list) => {
    const active = list.querySelector<HTMLElement>('.active[data-tab-key]');
    if (active?.dataset.tabKey && list.dataset.tabParam) params[list.dataset.tabParam] = active.dataset.tabKey;
  });
  return params;
}

/**
 * `url` with the tab shown now when it is this page again (same path) and does not name a tab
 * itself: a save answering « back to the plan » lands on the tab the user was in.
 */
export function withCurrentTab(url: string): string {
  const target = new URL(url, window.location.href);
  if (target.pathname !== window.location.pathname) return url;
  for (const [param, key] of Object.entries(currentTabParams())) {
    if (!target.searchParams.has(param)) target.searchParams.set(param, key);
  }
  return target.origin === window.location.origin ? target.pathname + target.search + target.hash : target.href;
}

/**
 * Goes to `url` (or reloads when none) keeping the place: same tab, and when it is the same path,
 * the same scroll position; `message` shows as the flash when the server sent none.
 */
export function reloadKeepingPlace(url?: string, message?: string): void {
  const next = withCurrentTab(url ?? window.location.href);
  rememberPlace(message);
  const target = new URL(next, window.location.href);
  if (target.href === window.location.href) window.location.reload();
  else window.location.assign(next);
}

/** Shows `message` as a success flash at the top of the main column (the markup of partials/_flash.ejs). */
export function showFlash(message: string): HTMLElement {
  const main = document.querySelector('#main') ?? document.body;
  const flash = document.createElement('div');
  flash.className = 'alert alert-success alert-dismissible fade show';
  flash.setAttribute('role', 'alert');
  flash.dataset.testid = 'flash';
  flash.innerHTML = `${escapeHtml(message)}<button type="button" class="btn-close" data-bs-dismiss="alert" aria-label="${escapeHtml(t('actions.close'))}"></button>`;
  main.prepend(flash);
  return flash;
}

/**
 * On load: back to the remembered scroll position when this is the remembered path, and the
 * remembered message as a flash when the server rendered none. Runs once per remembered place.
 */
export function restorePlace(): void {
  const place = readPlace();
  if (!place || place.path !== window.location.pathname) return;
  if (place.message && !document.querySelector('[data-testid="flash"]')) showFlash(place.message);
  if (place.y <= 0) return;
  // Manual for this page from now on: the browser's own restoration would land after ours, elsewhere.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  const scroll = (): void => window.scrollTo({ top: place.y, behavior: 'instant' });
  if (document.readyState === 'complete') scroll();
  else window.addEventListener('load', scroll, { once: true });
  // Islands and lazy widgets may grow the page after load: once more when they have settled.
  window.setTimeout(scroll, 300);
}

/** The `data-bs-target` of the tab shown inside `root` (a modal's content, a form), if any. */
export function activeTabTarget(root: ParentNode): string | null {
  return root.querySelector<HTMLElement>('[data-bs-toggle="tab"].active, [data-bs-toggle="pill"].active')?.dataset.bsTarget ?? null;
}

/**
 * After a form re-rendered with its errors inside `root`: shows the tab holding the first
 * invalid field, else the tab `previous` that was shown, instead of the first tab.
 */
export function restoreTabIn(root: ParentNode, previous: string | null): void {
  const invalid = root.querySelector('.is-invalid');
  const pane = invalid?.closest<HTMLElement>('.tab-pane[id]');
  const target = pane ? `#${pane.id}` : previous;
  if (!target) return;
  const button = Array.from(root.querySelectorAll<HTMLElement>('[data-bs-toggle="tab"], [data-bs-toggle="pill"]')).find((b) => b.dataset.bsTarget === target);
  if (button && !button.classList.contains('active')) Tab.getOrCreateInstance(button).show();
}
