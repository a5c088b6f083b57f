/**
 * The action block (views/action-plan/_block.ejs): posts its forms with fetch and swaps the
 * block with the server's answer, so a transition, a save or a progress comment never reloads
 * the page. The button pressed decides which fields are required ('Veuillez renseigner ce
 * champ.' in the browser): `data-required-when="close abandon"` on a field. A section a button
 * reveals (`data-reveal-on="abandon" hidden`) shows on its first press.
 * A failed load is only logged to the console, in French (spec: the user sees nothing else).
 */
import { showAlert } from '../core/alerts';
import { htmlToFragment } from '../core/dom';
import { teardown } from '../core/enhance';
import { ajaxHeaders, errorMessage, isJson } from '../core/http';
import { t } from '../core/i18n';
import { setSubmitting } from '../core/submit-state';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Sets `required` on the fields the pressed button needs, and only on those. */
export function applyRequirements(form: HTMLFormElement, transition: string): void {
  form.querySelectorAll<Field>('[data-required-when]').forEach((field) => {
    const needed = (field.dataset.requiredWhen ?? '').split(/\s+/).includes(transition);
    field.required = needed;
    // A message left by an earlier attempt must not block another button.
    field.setCustomValidity('');
  });
}

/**
 * The fields of a way out of the current step (abandon, close early) wait behind its button:
 * the first press shows them and says what is missing, the next one sends. Returns whether a
 * section was shown (the press then sends nothing).
 */
export function revealSection(form: HTMLFormElement, transition: string): boolean {
  const hidden = [...form.querySelectorAll<HTMLElement>('[data-reveal-on][hidden]')]
    .filter((section) => (section.dataset.revealOn ?? '').split(/\s+/).includes(transition));
  if (!hidden.length) return false;
  for (const section of hidden) section.hidden = false;
  if (form.checkValidity()) hidden[0].querySelector<Field>('input:not([type="hidden"]), select, textarea')?.focus();
  else form.reportValidity();
  return true;
}

function replaceBlock(block: HTMLElement, html: string): HTMLElement | null {
  const fragment = htmlToFragment(html);
  const next = fragment.querySelector<HTMLElement>('[data-action-block]');
  if (!next) return null;
  teardown(block);
  block.replaceWith(next);
  return next;
}

async function post(block: HTMLElement, form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const body = submitter ? new FormData(form, submitter) : new FormData(form);
  const restore = setSubmitting(form, submitter);
  let response: Response;
  try {
    response = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin', headers: ajaxHeaders({ Accept: 'text/html, application/json;q=0.9' }) });
  } catch {
    restore();
    showAlert(form, t('errors.network'));
    return;
  }
  if (response.status === 404) {
    restore();
    console.error(t('errors.notFound.action'));
    return;
  }
  if ((response.status === 200 || response.status === 409) && !isJson(response)) {
    const next = replaceBlock(block, await response.text());
    if (next) {
      next.querySelector('[data-testid="action-notice"], [data-testid="action-errors"]')?.scrollIntoView({ block: 'nearest' });
      return;
    }
    restore();
    console.error(t('errors.notFound.action'));
    return;
  }
  restore();
  const fallback = response.status === 403 ? t('errors.forbidden') : response.status === 401 ? t('errors.sessionExpired') : t('errors.generic');
  showAlert(form, await errorMessage(response, fallback), response.status === 409 ? 'warning' : 'danger');
}

/** Island contract: wires the block's forms; returns the unmount function. */
export function mount(block: HTMLElement): () => void {
  const onClick = (event: Event): void => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[type="submit"]');
    const form = button?.form;
    if (!button || !form || !form.matches('[data-action-form]')) return;
    applyRequirements(form, button.value);
    if (revealSection(form, button.value)) event.preventDefault();
  };
  const onSubmit = (event: SubmitEvent): void => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches('[data-action-form], [data-progress-form]')) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    void post(block, form, (event.submitter as HTMLElement | null) ?? null);
  };
  block.addEventListener('click', onClick);
  block.addEventListener('submit', onSubmit);
  return () => {
    block.removeEventListener('click', onClick);
    block.removeEventListener('submit', onSubmit);
  };
}
