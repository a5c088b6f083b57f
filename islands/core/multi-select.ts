/**
 * Multiple selects (`<select multiple>`) toggle the clicked option and keep the others, without
 * Ctrl+click (issue 25 item 10: a plain click used to drop every other choice). Shift and Ctrl
 * (Cmd) clicks keep the browser's own range and toggle; keyboard use is unchanged. Delegated on
 * the document, so selects of fragments and modals work too.
 */
export function installMultiSelects(): void {
  document.addEventListener('mousedown', (event) => {
    const option = event.target;
    if (!(option instanceof HTMLOptionElement) || option.disabled) return;
    const select = option.closest('select');
    if (!select || !select.multiple || select.disabled) return;
    if (event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // The browser would scroll the list to its first selected option on focus: kept where it is.
    const top = select.scrollTop;
    option.selected = !option.selected;
    select.focus({ preventScroll: true });
    select.scrollTop = top;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
