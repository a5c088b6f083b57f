import { escapeHtml } from './dom';
import { t } from './i18n';
import { openModal } from './modal-stack';

/**
 * Asks a yes/no question in a Bootstrap modal with the buttons 'Oui' and 'Annuler'.
 * Resolves `true` only when 'Oui' is chosen (closing the modal otherwise means no).
 */
export function confirmDialog(text: string): Promise<boolean> {
  const html = `<div class="modal-header"><h2 class="modal-title fs-5">${escapeHtml(t('actions.confirmTitle'))}</h2></div>
<div class="modal-body"><p class="mb-0" style="white-space: pre-line">${escapeHtml(text)}</p></div>
<div class="modal-footer">
  <button type="button" class="btn btn-outline-secondary" data-bs-dismiss="modal" data-confirm-answer="no">${escapeHtml(t('actions.cancel'))}</button>
  <button type="button" class="btn btn-primary" data-confirm-answer="yes" data-autofocus>${escapeHtml(t('actions.yes'))}</button>
</div>`;
  const modal = openModal(html, { testId: 'confirm-dialog' });
  let answer = false;
  modal.element.querySelector('[data-confirm-answer="yes"]')?.addEventListener('click', () => {
    answer = true;
    modal.close();
  });
  return modal.closed.then(() => answer);
}

const confirmed = new WeakSet<Element>();

/**
 * Asks `[data-confirm]` before links, buttons and form submissions proceed. Once confirmed the
 * original action is replayed (click again, or `requestSubmit` with the same submitter).
 * Bulk buttons (`[data-bulk-action]`) confirm by themselves, after checking the selection.
 */
export function installConfirmations(): void {
  document.addEventListener(
    'click',
    (event) => {
      const el = (event.target as Element | null)?.closest<HTMLElement>('[data-confirm]');
      if (!el || el instanceof HTMLFormElement || el.hasAttribute('data-bulk-action')) return;
      if (!el.matches('a, button, input[type="submit"], input[type="button"], [role="button"]')) return;
      if (confirmed.has(el)) {
        confirmed.delete(el);
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      void confirmDialog(el.dataset.confirm || '').then((yes) => {
        if (!yes) return;
        confirmed.add(el);
        el.click();
      });
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
      if (confirmed.has(form)) {
        confirmed.delete(form);
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter as HTMLElement | null;
      void confirmDialog(form.dataset.confirm).then((yes) => {
        if (!yes) return;
        confirmed.add(form);
        const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
        try {
          form.requestSubmit(button);
        } catch {
          form.requestSubmit();
        }
      });
    },
    true,
  );
}
