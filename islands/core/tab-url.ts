import { Tab } from './bootstrap';

/** Writes `key` as `param` into `href` (a link of the page), keeping its other parameters. */
function hrefWithTab(href: string, param: string, key: string): string {
  const url = new URL(href, window.location.href);
  url.searchParams.set(param, key);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : url.href;
}

/**
 * Tabs whose list carries `data-tab-param="tab"` write the shown tab's `data-tab-key` into the
 * address (`?tab=<key>`, replacing the history entry): after a modal form saves and the page
 * reloads, or after a refresh, the user is back on the tab he was working in. Links marked
 * `data-keep-tab` (the plan's « Modifier ») carry the shown tab too, so the page they lead back
 * to opens on it. On load, a `?tab=` the server did not apply is shown by the client.
 */
export function installTabUrl(): void {
  document.addEventListener('shown.bs.tab', (event) => {
    const button = event.target as HTMLElement | null;
    const list = button?.closest<HTMLElement>('[data-tab-param]');
    const key = button?.dataset.tabKey;
    if (!list || !key) return;
    const param = list.dataset.tabParam!;
    const url = new URL(window.location.href);
    url.searchParams.set(param, key);
    window.history.replaceState(window.history.state, '', url);
    document.querySelectorAll<HTMLAnchorElement>('a[data-keep-tab]').forEach((link) => {
      link.setAttribute('href', hrefWithTab(link.getAttribute('href') ?? '', param, key));
    });
  });
  const params = new URL(window.location.href).searchParams;
  document.querySelectorAll<HTMLElement>('[data-tab-param]').forEach((list) => {
    const key = params.get(list.dataset.tabParam!);
    if (!key) return;
    const button = Array.from(list.querySelectorAll<HTMLElement>('[data-tab-key]')).find((b) => b.dataset.tabKey === key);
    if (button && !button.classList.contains('active')) Tab.getOrCreateInstance(button).show();
  });
}
