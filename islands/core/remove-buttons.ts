import { alertDialog } from './alerts';
import { errorMessage, postXhr } from './http';
import { t } from './i18n';
import { teardown } from './enhance';

/**
 * `[data-remove-url]`: POST without body (after `data-confirm`, if any); 200 removes the element
 * named by `data-remove-target="#selector"` (default: the closest `[data-removable]`).
 * 403 shows the alert; any other failure is only logged, in French
 * (`data-remove-error="task"` picks `errors.notDeleted.task`).
 */
export async function removeElement(button: HTMLElement): Promise<void> {
  const url = button.dataset.removeUrl;
  if (!url) return;
  const target = button.dataset.removeTarget ? document.querySelector(button.dataset.removeTarget) : button.closest('[data-removable]');
  const failure = t(button.dataset.removeError ? `errors.notDeleted.${button.dataset.removeError}` : 'errors.notDeleted.default');
  let response: Response;
  try {
    response = await postXhr(url, null);
  } catch {
    console.error(failure);
    return;
  }
  if (response.ok) {
    if (target) {
      teardown(target);
      target.remove();
    }
    return;
  }
  if (response.status === 403) {
    await alertDialog(await errorMessage(response, t('errors.forbidden')), 'danger');
    return;
  }
  console.error(failure);
}

/** Delegated click handling of `[data-remove-url]`. */
export function installRemoveButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-remove-url]');
    if (!button || event.defaultPrevented) return;
    event.preventDefault();
    void removeElement(button);
  });
}
