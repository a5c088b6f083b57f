import { clearAlert, showAlert, type AlertVariant } from './alerts';
import { htmlToFragment } from './dom';
import { teardown } from './enhance';
import { errorMessage, postXhr, readJson } from './http';
import { activeTabTarget, reloadKeepingPlace, restoreTabIn } from './keep-place';
import { t } from './i18n';
import { closeModalOf, fillModalContent } from './modal-stack';
import { setSubmitting } from './submit-state';

/** Where a form's error alerts go: the top of the form itself. */
function alertContainer(form: HTMLFormElement): Element {
  return form;
}

function replaceOuterHtml(target: Element, html: string): void {
  teardown(target);
  target.replaceWith(htmlToFragment(html));
}

async function handleSaved(form: HTMLFormElement, response: Response): Promise<void> {
  const json = await readJson<{ redirect?: string; message?: string }>(response.clone());
  if (json?.redirect) {
    reloadKeepingPlace(json.redirect, json.message);
    return;
  }
  const selector = form.dataset.replace;
  const target = selector ? document.querySelector(selector) : null;
  const html = json ? '' : await response.text();
  if (target && html.trim()) {
    closeModalOf(form);
    replaceOuterHtml(target, html);
    return;
  }
  reloadKeepingPlace(undefined, json?.message);
}

async function handleRerender(form: HTMLFormElement, response: Response): Promise<void> {
  const json = await readJson<{ redirect?: string; message?: string }>(response.clone());
  if (json) {
    reloadKeepingPlace(json.redirect, json.message);
    return;
  }
  const html = await response.text();
  const content = form.closest<HTMLElement>('.modal-content');
  // The form comes back on the tab the user was in, or on the one holding the first error.
  const tab = activeTabTarget(content ?? form);
  if (content) {
    fillModalContent(content, html);
    restoreTabIn(content, tab);
  } else {
    const parent = form.parentElement;
    replaceOuterHtml(form, html);
    if (parent) restoreTabIn(parent, tab);
  }
}

/**
 * Submits a `form[data-ajax-form]` with fetch and applies the reply:
 * 201 saved (JSON `redirect`, else `data-replace` target, else reload: both keep the tab, the
 * scroll position and show the flash, see keep-place.ts), 200 form re-rendered with its errors
 * on the tab the user was in, 403/401/409 and others shown as an alert in the form (inputs kept).
 */
export async function submitAjaxForm(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const body = submitter ? new FormData(form, submitter) : new FormData(form);
  const action = submitter?.getAttribute('formaction') || form.getAttribute('action') || window.location.href;
  const restore = setSubmitting(form, submitter);
  clearAlert(alertContainer(form));
  let response: Response;
  try {
    response = await postXhr(action, body);
  } catch {
    restore();
    showAlert(alertContainer(form), t('errors.network'));
    return;
  }
  try {
    if (response.status === 201) return await handleSaved(form, response);
    if (response.status === 200) return await handleRerender(form, response);
    let variant: AlertVariant = 'danger';
    let message: string;
    if (response.status === 403) message = await errorMessage(response, t('errors.forbidden'));
    else if (response.status === 401) message = await errorMessage(response, t('errors.sessionExpired'));
    else if (response.status === 409) {
      variant = 'warning';
      message = await errorMessage(response, t('errors.conflict'));
    } else message = await errorMessage(response, t('errors.generic'));
    showAlert(alertContainer(form), message, variant);
  } finally {
    restore();
  }
}

/** Intercepts the submission of every `form[data-ajax-form]` (delegated, so fragments are covered). */
export function installAjaxForms(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-ajax-form') || event.defaultPrevented) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true') return;
    void submitAjaxForm(form, (event.submitter as HTMLElement | null) ?? null);
  });
}
