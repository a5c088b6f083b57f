import { getXhr } from './http';
import { t } from './i18n';
import { openModal, type OpenedModal } from './modal-stack';

/** Console message for a failed load: `data-modal-error="task"` picks `errors.notFound.task`. */
function loadFailedMessage(trigger?: HTMLElement | null): string {
  const entity = trigger?.dataset.modalError;
  return entity ? t(`errors.notFound.${entity}`) : t('errors.notFound.default');
}

/**
 * GETs `url` as an XHR and shows the returned fragment in a new stacked modal.
 * A failed load (non-2xx or network) is only logged to the console, in French.
 */
export async function openModalFromUrl(url: string, trigger?: HTMLElement | null): Promise<OpenedModal | null> {
  let response: Response;
  try {
    response = await getXhr(url);
  } catch {
    console.error(loadFailedMessage(trigger));
    return null;
  }
  if (!response.ok) {
    console.error(loadFailedMessage(trigger));
    return null;
  }
  const html = await response.text();
  return openModal(html, { size: trigger?.dataset.modalSize });
}

/** Opens `a[data-modal]` (its href) and `[data-modal-url]` in modals instead of navigating. */
export function installModalLinks(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const trigger = (event.target as Element | null)?.closest<HTMLElement>('a[data-modal], [data-modal-url]');
    if (!trigger) return;
    const url = trigger.dataset.modalUrl || trigger.getAttribute('href');
    if (!url || url === '#') return;
    event.preventDefault();
    if (trigger.dataset.modalLoading) return;
    trigger.dataset.modalLoading = '1';
    void openModalFromUrl(url, trigger).finally(() => {
      delete trigger.dataset.modalLoading;
    });
  });
}
