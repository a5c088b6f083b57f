import { escapeHtml } from './dom';
import { t } from './i18n';
import { openModal } from './modal-stack';

/** Bootstrap alert variants used by the client. */
export type AlertVariant = 'danger' | 'warning' | 'success' | 'info';

/**
 * Shows a dismissible Bootstrap alert at the top of `container`, replacing the previous
 * client alert there. Returns the alert element.
 */
export function showAlert(container: Element, message: string, variant: AlertVariant = 'danger'): HTMLElement {
  container.querySelector(':scope > .vigie-client-alert')?.remove();
  const alert = document.createElement('div');
  alert.className = `alert alert-${variant} alert-dismissible fade show vigie-client-alert`;
  alert.setAttribute('role', 'alert');
  alert.dataset.testid = 'client-alert';
  alert.innerHTML = `<span>${escapeHtml(message)}</span><button type="button" class="btn-close" data-bs-dismiss="alert" aria-label="${escapeHtml(t('actions.close'))}"></button>`;
  container.prepend(alert);
  alert.scrollIntoView({ block: 'nearest' });
  return alert;
}

/** Removes the client alert shown in `container`, if any. */
export function clearAlert(container: Element): void {
  container.querySelector(':scope > .vigie-client-alert')?.remove();
}

/** Shows a message in a small modal with a single close button; resolves once closed. */
export function alertDialog(message: string, variant: AlertVariant = 'warning'): Promise<void> {
  const html = `<div class="modal-body"><div class="alert alert-${variant} mb-0" role="alert">${escapeHtml(message)}</div></div>
<div class="modal-footer"><button type="button" class="btn btn-primary" data-bs-dismiss="modal" data-autofocus>${escapeHtml(t('actions.ok'))}</button></div>`;
  const modal = openModal(html, { testId: 'alert-dialog' });
  modal.element.setAttribute('role', 'alertdialog');
  return modal.closed;
}
