/**
 * "Check all" boxes: `input[data-check-all="<key>"]` ticks or clears every
 * `input[data-check-group="<key>"]` of the page, and shows checked / indeterminate from them.
 */
function members(key: string): HTMLInputElement[] {
  return Array.from(document.querySelectorAll<HTMLInputElement>(`input[data-check-group="${CSS.escape(key)}"]`));
}

function sync(toggle: HTMLInputElement): void {
  const all = members(toggle.dataset.checkAll ?? '');
  const on = all.filter((b) => b.checked).length;
  toggle.checked = all.length > 0 && on === all.length;
  toggle.indeterminate = on > 0 && on < all.length;
}

/** Sets the initial state of the "check all" boxes of a subtree. */
export function enhanceCheckAll(root: ParentNode): void {
  root.querySelectorAll<HTMLInputElement>('input[data-check-all]').forEach(sync);
}

/** Keeps group boxes and their "check all" box in step (delegated, so fragments work too). */
export function installCheckAll(): void {
  document.addEventListener('change', (event) => {
    const el = event.target;
    if (!(el instanceof HTMLInputElement)) return;
    if (el.dataset.checkAll !== undefined) {
      for (const box of members(el.dataset.checkAll)) box.checked = el.checked;
      sync(el);
    } else if (el.dataset.checkGroup !== undefined) {
      document.querySelectorAll<HTMLInputElement>(`input[data-check-all="${CSS.escape(el.dataset.checkGroup)}"]`).forEach(sync);
    }
  });
}
