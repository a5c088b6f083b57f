import { t } from './i18n';

/**
 * Disables a form's submit buttons (those inside it and those tied by `form="id"`) and shows a
 * spinner on the one used. Returns a function that restores them.
 */
export function setSubmitting(form: HTMLFormElement, submitter: HTMLElement | null): () => void {
  const buttons = new Set<HTMLButtonElement | HTMLInputElement>();
  form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button:not([type="button"]):not([type="reset"]), input[type="submit"]').forEach((b) => buttons.add(b));
  if (form.id) {
    document.querySelectorAll<HTMLButtonElement | HTMLInputElement>(`[form="${CSS.escape(form.id)}"]`).forEach((b) => {
      if (b.matches('button:not([type="button"]):not([type="reset"]), input[type="submit"]')) buttons.add(b);
    });
  }
  const previous = new Map<HTMLButtonElement | HTMLInputElement, boolean>();
  buttons.forEach((button) => {
    previous.set(button, button.disabled);
    button.disabled = true;
  });
  form.setAttribute('aria-busy', 'true');
  let spinner: HTMLElement | null = null;
  if (submitter instanceof HTMLButtonElement) {
    spinner = document.createElement('span');
    spinner.className = 'spinner-border spinner-border-sm me-1';
    spinner.setAttribute('role', 'status');
    spinner.setAttribute('aria-label', t('form.sending'));
    submitter.prepend(spinner);
  }
  return () => {
    spinner?.remove();
    form.removeAttribute('aria-busy');
    previous.forEach((wasDisabled, button) => {
      if (button.isConnected) button.disabled = wasDisabled;
    });
  };
}
