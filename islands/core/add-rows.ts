/**
 * « Ajouter une ligne » buttons: `button[data-add-row]` appends to the `[data-rows]` container of
 * its form a copy of the form's `template[data-row-template]`, `__n__` standing for the new row's
 * index and `__num__` for its number; the first field of the new row gets the focus. Delegated,
 * so rows of a modal loaded later work too. `data-max` on the container stops the button.
 */
export function installAddRows(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-add-row]');
    const form = button?.closest('form');
    const rows = form?.querySelector<HTMLElement>('[data-rows]');
    const template = form?.querySelector<HTMLTemplateElement>('template[data-row-template]');
    if (!button || !rows || !template) return;
    event.preventDefault();
    const index = rows.querySelectorAll('[data-row]').length;
    const max = Number(rows.dataset.max ?? Infinity);
    if (index >= max) return;
    const html = template.innerHTML.replaceAll('__n__', String(index)).replaceAll('__num__', String(index + 1));
    rows.insertAdjacentHTML('beforeend', html);
    rows.querySelector<HTMLElement>('[data-row]:last-of-type input')?.focus();
    button.disabled = index + 1 >= max;
  });
}
