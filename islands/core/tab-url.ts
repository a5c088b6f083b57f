/**
 * Tabs whose list carries `data-tab-param="tab"` write the shown tab's `data-tab-key` into the
 * address (`?tab=<key>`, replacing the history entry): after a modal form saves and the page
 * reloads, or after a refresh, the user is back on the tab he was working in.
 */
export function installTabUrl(): void {
  document.addEventListener('shown.bs.tab', (event) => {
    const button = event.target as HTMLElement | null;
    const list = button?.closest<HTMLElement>('[data-tab-param]');
    const key = button?.dataset.tabKey;
    if (!list || !key) return;
    const url = new URL(window.location.href);
    url.searchParams.set(list.dataset.tabParam!, key);
    window.history.replaceState(window.history.state, '', url);
  });
}
