import { alertDialog } from './alerts';
import { csrfToken } from './boot';
import { confirmDialog } from './confirm-dialog';
import { errorMessage, postXhr } from './http';
import { t } from './i18n';

function items(table: Element): HTMLInputElement[] {
  return Array.from(table.querySelectorAll<HTMLInputElement>('input[data-bulk-item]')).filter((i) => !i.disabled);
}

function syncHeader(table: Element): void {
  const all = table.querySelector<HTMLInputElement>('[data-bulk-all]');
  if (!all) return;
  const boxes = items(table);
  const checked = boxes.filter((b) => b.checked).length;
  all.checked = boxes.length > 0 && checked === boxes.length;
  all.indeterminate = checked > 0 && checked < boxes.length;
}

/** The bulk table a button acts on: `data-bulk-target="#id"`, else the nearest ancestor's `table[data-bulk]`. */
function tableFor(button: HTMLElement): HTMLTableElement | null {
  const selector = button.dataset.bulkTarget;
  if (selector) return document.querySelector<HTMLTableElement>(selector);
  for (let el: HTMLElement | null = button; el; el = el.parentElement) {
    const table = el.matches('table[data-bulk]') ? (el as HTMLTableElement) : el.querySelector<HTMLTableElement>('table[data-bulk]');
    if (table) return table;
  }
  return null;
}

/** Ids of the checked rows of a bulk table. */
export function selectedIds(table: Element): string[] {
  return items(table).filter((b) => b.checked).map((b) => b.value);
}

/**
 * Runs a `[data-bulk-action="url"]`: without selection shows 'Veuillez effectuer une sélection'
 * and sends nothing; otherwise (after `data-confirm`, if any) POSTs `ids[]` + `_csrf_token`
 * and reloads on success.
 */
export async function runBulkAction(button: HTMLElement): Promise<void> {
  const url = button.dataset.bulkAction;
  const table = tableFor(button);
  if (!url || !table) return;
  const ids = selectedIds(table);
  if (ids.length === 0) {
    await alertDialog(t('bulk.noSelection'));
    return;
  }
  if (button.dataset.confirm && !(await confirmDialog(button.dataset.confirm))) return;
  const body = new URLSearchParams();
  ids.forEach((id) => body.append('ids[]', id));
  body.set('_csrf_token', csrfToken(table));
  let response: Response;
  try {
    response = await postXhr(url, body);
  } catch {
    await alertDialog(t('errors.network'), 'danger');
    return;
  }
  if (response.ok) {
    window.location.reload();
    return;
  }
  const fallback = response.status === 403 ? t('errors.forbidden') : response.status === 409 ? t('errors.conflict') : t('errors.generic');
  await alertDialog(await errorMessage(response, fallback), 'danger');
}

/** Delegated handling of header/row checkboxes and bulk buttons. */
export function installBulkActions(): void {
  document.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    if (!(input instanceof HTMLInputElement)) return;
    const table = input.closest('table[data-bulk]');
    if (!table) return;
    if (input.matches('[data-bulk-all]')) {
      items(table).forEach((box) => {
        box.checked = input.checked;
      });
      syncHeader(table);
    } else if (input.matches('[data-bulk-item]')) {
      syncHeader(table);
    }
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-bulk-action]');
    if (!button || event.defaultPrevented) return;
    event.preventDefault();
    void runBulkAction(button);
  });
}
