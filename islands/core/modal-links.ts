import { FragmentCache, type FragmentReply } from './fragment-cache';
import { getXhr } from './http';
import { t } from './i18n';
import { preloadIsland } from './island-registry';
import { loadLazyEnhancersFor } from './lazy-enhancer';
import { openModal, type OpenedModal } from './modal-stack';

/** How long the pointer rests on a modal link before its fragment is fetched ahead (ms). */
export const HOVER_INTENT_MS = 80;
/** How long a fragment fetched ahead may wait for its click (ms). */
export const PREFETCH_TTL_MS = 5_000;

const TRIGGER = 'a[data-modal], [data-modal-url]';
/**
 * A list's one declaration for all its rows: `<table data-modal-links="a[href$='/workflow']"
 * data-modal-size="xl" data-modal-error="action">` opens every link inside that matches the
 * selector in a modal, so a row carries only its href (no attribute repeated per row).
 */
const SCOPE = '[data-modal-links]';

/**
 * A modal option of the trigger (`data-modal-size`, `data-modal-error`), else of the list that
 * declares its links as modal ones.
 */
function option(trigger: HTMLElement | null | undefined, name: 'modalSize' | 'modalError'): string | undefined {
  return trigger?.dataset[name] ?? trigger?.closest<HTMLElement>(SCOPE)?.dataset[name];
}

/** Console message for a failed load: `data-modal-error="task"` picks `errors.notFound.task`. */
function loadFailedMessage(trigger?: HTMLElement | null): string {
  const entity = option(trigger, 'modalError');
  return entity ? t(`errors.notFound.${entity}`) : t('errors.notFound.default');
}

async function loadFragment(url: string): Promise<FragmentReply> {
  const response = await getXhr(url);
  const html = response.ok ? await response.text() : '';
  if (response.ok) warmModules(html);
  return { ok: response.ok, status: response.status, html };
}

const cache = new FragmentCache({ load: loadFragment, ttlMs: PREFETCH_TTL_MS });

/**
 * Starts loading the lazy code a fragment will need (date pickers, its islands) as soon as its
 * HTML is known, so they are ready, or nearly, when the modal shows.
 */
function warmModules(html: string): Promise<void> {
  for (const match of html.matchAll(/\bdata-island="([a-z0-9-]+)"/g)) preloadIsland(match[1]);
  return loadLazyEnhancersFor(html);
}

/** Drops every fragment fetched ahead (a save happened, or may have). */
export function forgetPrefetchedFragments(): void {
  cache.invalidate();
}

/**
 * GETs `url` as an XHR (or takes the fetch started ahead by the pointer or the focus) and shows
 * the returned fragment in a new stacked modal. A failed load (non-2xx or network) is only
 * logged to the console, in French.
 */
export async function openModalFromUrl(url: string, trigger?: HTMLElement | null): Promise<OpenedModal | null> {
  let reply: FragmentReply;
  try {
    reply = await cache.take(absolute(url));
  } catch {
    console.error(loadFailedMessage(trigger));
    return null;
  }
  if (!reply.ok) {
    console.error(loadFailedMessage(trigger));
    return null;
  }
  // Date pickers and tooltips are then enhanced as the fragment is inserted, as when they were
  // in the main bundle (a failed chunk is reported by the enhancer).
  await warmModules(reply.html).catch(() => undefined);
  return openModal(reply.html, { size: option(trigger, 'modalSize') });
}

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

function triggerUrl(trigger: HTMLElement): string | null {
  const url = trigger.dataset.modalUrl || trigger.getAttribute('href');
  return !url || url === '#' ? null : url;
}

/**
 * Links whose fragment may be fetched before the click: same site, no confirmation first, not
 * opted out with `data-modal-prefetch="false"` (on the link or an ancestor), for a GET that
 * changes nothing.
 */
function prefetchable(trigger: HTMLElement): string | null {
  const url = triggerUrl(trigger);
  if (!url || trigger.hasAttribute('data-confirm') || trigger.closest('[data-modal-prefetch="false"]')) return null;
  const full = new URL(url, window.location.href);
  return full.origin === window.location.origin ? full.href : null;
}

function prefetch(trigger: HTMLElement): void {
  const url = prefetchable(trigger);
  if (url) void cache.prefetch(url).catch(() => undefined);
}

function closestTrigger(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const own = target.closest<HTMLElement>(TRIGGER);
  if (own) return own;
  const link = target.closest<HTMLElement>('a[href]');
  const scope = link?.closest<HTMLElement>(SCOPE);
  return link && scope && link.matches(scope.dataset.modalLinks || 'a') ? link : null;
}

/**
 * Fetches a modal's fragment when the user shows the intent to open it: the pointer resting on
 * the link ({@link HOVER_INTENT_MS}), a press (the click follows ~100 ms later), the keyboard focus.
 * Sending a form, or any request other than GET, forgets what was fetched.
 */
function installPrefetch(): void {
  let hoverTimer: number | undefined;
  let hovered: HTMLElement | null = null;
  document.addEventListener('pointerover', (event) => {
    const trigger = closestTrigger(event.target);
    if (trigger === hovered) return;
    window.clearTimeout(hoverTimer);
    hovered = trigger;
    if (trigger && event.pointerType === 'mouse') hoverTimer = window.setTimeout(() => prefetch(trigger), HOVER_INTENT_MS);
  });
  document.addEventListener('pointerdown', (event) => {
    const trigger = closestTrigger(event.target);
    if (trigger && event.button === 0) prefetch(trigger);
  });
  document.addEventListener('focusin', (event) => {
    const trigger = closestTrigger(event.target);
    if (trigger && trigger.matches(':focus-visible')) prefetch(trigger);
  });
  document.addEventListener('submit', forgetPrefetchedFragments, true);
  watchStateChanges();
}

let watching = false;

/**
 * Every request other than GET/HEAD made with `fetch` (forms sent by the client, workflow
 * buttons, islands) may change what a fragment shows: what was fetched ahead is forgotten when it
 * starts and again when it ends (a fetch ahead started meanwhile may hold the former state).
 */
function watchStateChanges(): void {
  if (watching || typeof window.fetch !== 'function') return;
  watching = true;
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'GET' || method === 'HEAD') return originalFetch(input, init);
    forgetPrefetchedFragments();
    return originalFetch(input, init).finally(forgetPrefetchedFragments);
  };
}

/**
 * Opens `a[data-modal]` (its href), `[data-modal-url]` and the links a `[data-modal-links]` list
 * declares in modals instead of navigating.
 */
export function installModalLinks(): void {
  installPrefetch();
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const trigger = closestTrigger(event.target);
    if (!trigger) return;
    const url = triggerUrl(trigger);
    if (!url) return;
    event.preventDefault();
    if (trigger.dataset.modalLoading) return;
    trigger.dataset.modalLoading = '1';
    void openModalFromUrl(url, trigger).finally(() => {
      delete trigger.dataset.modalLoading;
    });
  });
}
