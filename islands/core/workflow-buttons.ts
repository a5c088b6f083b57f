import { alertDialog, showAlert } from './alerts';
import { csrfToken } from './boot';
import { commentPrompt } from './comment-prompt';
import { confirmDialog } from './confirm-dialog';
import { reloadKeepingPlace } from './keep-place';
import { errorMessage, postXhr, readJson } from './http';
import { t } from './i18n';
import { closeModalOf, fillModalContent, openModal } from './modal-stack';
import { teardown } from './enhance';
import { htmlToFragment } from './dom';

/** JSON reply of a workflow transition POST. */
export interface TransitionReply {
  state?: { name: string; label: string };
  buttons?: string;
  result?: boolean;
  signatureForm?: string;
  /** What was done (« C'est fait : … »), shown as the flash. */
  message?: string;
}

function showError(button: HTMLElement, message: string, variant: 'danger' | 'warning' = 'danger'): void {
  const actions = button.closest('[data-workflow-actions]') ?? button.closest('[data-workflow]');
  const container = actions?.parentElement;
  if (container) showAlert(container, message, variant);
  else void alertDialog(message, variant);
}

/** The nearest ancestor of `from` holding a `[data-workflow-state]` element (or the document). */
function stateScope(from: Element): ParentNode {
  for (let el: Element | null = from; el; el = el.parentElement) {
    if (el.querySelector('[data-workflow-state]')) return el;
  }
  return document;
}

/**
 * Applies a successful transition reply: the `[data-workflow-actions]` block holding the button
 * gets the new buttons (the reply may be the whole `_actions` partial or only its buttons), the
 * `[data-workflow-state]` of the same record shows the new state.
 */
export function applyTransitionReply(button: HTMLElement, reply: TransitionReply): void {
  const container = button.closest('[data-workflow]') ?? button.parentElement ?? document.body;
  const actions = button.closest<HTMLElement>('[data-workflow-actions]') ?? container.querySelector<HTMLElement>('[data-workflow-actions]');
  const scope = stateScope(actions ?? container);
  // Read before the swap: the new buttons replace this one.
  const reload = !!button.closest('[data-workflow-reload]');
  const state = scope.querySelector<HTMLElement>('[data-workflow-state]');
  if (actions && typeof reply.buttons === 'string') {
    teardown(actions);
    const fragment = htmlToFragment(reply.buttons);
    const root = fragment.firstElementChild;
    if (fragment.childElementCount === 1 && root?.hasAttribute('data-workflow-actions')) actions.replaceWith(fragment);
    else actions.replaceChildren(fragment);
  }
  if (state && reply.state) {
    state.textContent = reply.state.label;
    state.dataset.state = reply.state.name;
    // A badge may colour each state: data-state-classes='{"draft": "badge text-bg-secondary", ...}'.
    const classes = state.dataset.stateClasses ? (JSON.parse(state.dataset.stateClasses) as Record<string, string>) : null;
    if (classes?.[reply.state.name]) state.className = classes[reply.state.name];
  }
  if (reply.signatureForm) { openSignatureForm(button, reply.signatureForm); return; }
  // Pages whose other panels follow the state (a plan's tabs, a work order's signature cards) are
  // read again, on the same tab and scroll position, the message as flash; others show it in place.
  if (reload) reloadKeepingPlace(undefined, reply.message);
  else if (reply.message) {
    const shown = actions?.isConnected ? actions : container.querySelector('[data-workflow-actions]');
    if (shown?.parentElement) showAlert(shown.parentElement, reply.message, 'success');
  }
}

/** The button whose transition asked for the signature form now open (its reply updates that record). */
const signatureOrigin = new WeakMap<HTMLFormElement, HTMLElement>();

function openSignatureForm(button: HTMLElement, html: string): void {
  const modal = openModal(html, { size: 'lg', backdrop: 'static', testId: 'signature-modal' });
  const form = modal.element.querySelector<HTMLFormElement>('form[data-signature-form]');
  if (form) signatureOrigin.set(form, button);
}

/** Client-side check of a signature form: a name when asked, a drawing or the saved signature. */
function signatureFormValid(form: HTMLFormElement): boolean {
  const name = form.querySelector<HTMLInputElement>('input[name="signature[name]"]');
  const useSaved = form.querySelector<HTMLInputElement>('input[data-signature-use-saved]')?.checked ?? false;
  const image = form.querySelector<HTMLInputElement>('input[name="signature[image]"]');
  let ok = true;
  if (name && !name.value.trim() && !useSaved) {
    name.classList.add('is-invalid');
    name.focus();
    ok = false;
  }
  if (!useSaved && image && !image.value) {
    showAlert(form.querySelector('.modal-body') ?? form, t('signature.empty'), 'warning');
    ok = false;
  }
  return ok;
}

/**
 * Posts a signature form (`form[data-signature-form]`) to its own action: JSON state and buttons
 * close the modal and update the record; JSON `signatureForm` (an error) shows the form again.
 */
export async function submitSignatureForm(form: HTMLFormElement): Promise<void> {
  if (!signatureFormValid(form)) return;
  const origin = signatureOrigin.get(form);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = true;
  let response: Response;
  try {
    response = await postXhr(form.action, new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
  } catch {
    showAlert(form.querySelector('.modal-body') ?? form, t('errors.network'));
    if (submit) submit.disabled = false;
    return;
  }
  const reply = await readJson<TransitionReply & { message?: string }>(response);
  if (response.ok && reply?.result === true) {
    closeModalOf(form);
    if (origin?.isConnected) applyTransitionReply(origin, reply);
    else window.location.reload();
    return;
  }
  if (reply?.signatureForm) {
    const content = form.closest<HTMLElement>('.modal-content');
    if (content) {
      teardown(content);
      fillModalContent(content, reply.signatureForm);
      const again = content.querySelector<HTMLFormElement>('form[data-signature-form]');
      if (again && origin) signatureOrigin.set(again, origin);
      return;
    }
  }
  if (submit) submit.disabled = false;
  showAlert(form.querySelector('.modal-body') ?? form, reply?.message || t('errors.generic'));
}

/**
 * What the user answers before a transition, in ONE modal: the confirmation question
 * (`data-transition-confirm`) and the comment (`data-comment-prompt`, required when
 * `data-comment-required="1"`) together; only the question when no comment is taken.
 * Resolves the comment ('' when none), or null when cancelled.
 */
async function askBeforeTransition(button: HTMLElement): Promise<string | null> {
  const required = button.dataset.commentRequired === '1';
  const confirm = button.dataset.transitionConfirm || undefined;
  if (required || button.hasAttribute('data-comment-prompt')) {
    return commentPrompt({ title: button.textContent?.trim() || undefined, label: button.dataset.commentPrompt || undefined, required, message: confirm });
  }
  if (confirm) return (await confirmDialog(confirm)) ? '' : null;
  return '';
}

/**
 * POSTs a workflow transition for a `button[data-transition-url]`: asks the confirmation and
 * the comment first (one modal, {@link askBeforeTransition}), then swaps the state and buttons.
 * A reply without a true `result` is logged as 'No result' and changes nothing.
 */
export async function applyTransition(button: HTMLElement): Promise<void> {
  const url = button.dataset.transitionUrl;
  if (!url || (button instanceof HTMLButtonElement && button.disabled)) return;
  const comment = await askBeforeTransition(button);
  if (comment === null) return;
  const body = new URLSearchParams();
  body.set('comment', comment);
  body.set('_csrf_token', button.closest<HTMLElement>('[data-csrf-token]')?.dataset.csrfToken || csrfToken(button.closest('form')));
  if (button instanceof HTMLButtonElement) button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  let response: Response;
  try {
    response = await postXhr(url, body);
  } catch {
    showError(button, t('errors.network'));
    return;
  } finally {
    if (button instanceof HTMLButtonElement && button.isConnected) button.disabled = false;
    button.removeAttribute('aria-busy');
  }
  if (response.ok) {
    const reply = await readJson<TransitionReply>(response);
    // A signing transition answers its signature form first; the state changes once it is signed.
    if (reply?.signatureForm) {
      openSignatureForm(button, reply.signatureForm);
      return;
    }
    if (!reply || reply.result !== true) {
      console.error(t('errors.noResult'));
      return;
    }
    applyTransitionReply(button, reply);
    return;
  }
  if (response.status === 403) showError(button, await errorMessage(response, t('errors.forbidden')));
  else if (response.status === 401) showError(button, await errorMessage(response, t('errors.sessionExpired')));
  else if (response.status === 409) showError(button, await errorMessage(response, t('errors.conflict')), 'warning');
  else showError(button, await errorMessage(response, t('errors.generic')));
}

/** Delegated click handling of `button[data-transition-url]` (its confirmation and comment in one modal). */
export function installWorkflowButtons(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-signature-form') || event.defaultPrevented) return;
    event.preventDefault();
    void submitSignatureForm(form);
  });
  document.addEventListener('change', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.hasAttribute('data-signature-use-saved')) return;
    const draw = box.closest('form')?.querySelector<HTMLElement>('[data-signature-draw]');
    if (draw) draw.hidden = box.checked;
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-transition-url]');
    if (!button || event.defaultPrevented || button.getAttribute('aria-busy') === 'true') return;
    event.preventDefault();
    void applyTransition(button);
  });
}
