import { escapeHtml } from './dom';
import { t } from './i18n';
import { openModal } from './modal-stack';

/** Options of {@link commentPrompt}. */
export interface CommentPromptOptions {
  /** Modal title (e.g. the transition button's label). */
  title?: string;
  /** When true an empty (whitespace) comment is refused with 'Veuillez renseigner ce champ.'. */
  required?: boolean;
  /** Label of the field (defaults to 'Votre commentaire'). */
  label?: string;
  /** `textarea` (default) or a single-line input type such as `url`. */
  input?: 'textarea' | 'url' | 'text';
  /** Initial value. */
  value?: string;
  /**
   * A confirmation question shown above the field (a transition's `confirm`): the one modal
   * both asks « are you sure » and takes the comment, its button then reads « Confirmer ».
   */
  message?: string;
}

let promptCounter = 0;

/**
 * Asks for a comment in a Bootstrap modal with a textarea (under the confirmation question when
 * `message` is given). Resolves the trimmed text, or
 * `null` when cancelled. A required prompt does not resolve on an empty comment: the field is
 * marked `is-invalid` with the French message instead.
 */
export function commentPrompt(options: CommentPromptOptions = {}): Promise<string | null> {
  const id = `vigie-prompt-${++promptCounter}`;
  const required = !!options.required;
  const label = options.label ?? t('comment.label');
  const kind = options.input ?? 'textarea';
  const field =
    kind === 'textarea'
      ? `<textarea class="form-control" id="${id}" name="comment" rows="4" data-autofocus${required ? ' aria-required="true"' : ''}>${escapeHtml(options.value ?? '')}</textarea>`
      : `<input class="form-control" id="${id}" name="comment" type="${kind}" data-autofocus value="${escapeHtml(options.value ?? '')}"${required ? ' aria-required="true"' : ''}>`;
  const html = `<div class="modal-header"><h2 class="modal-title fs-5">${escapeHtml(options.title || t('comment.title'))}</h2></div>
<div class="modal-body">
  ${options.message ? `<p style="white-space: pre-line" data-testid="comment-prompt-message">${escapeHtml(options.message)}</p>` : ''}
  <form novalidate data-comment-form>
    <label class="form-label" for="${id}">${escapeHtml(label)}${required ? ' <span class="text-danger" aria-hidden="true">*</span>' : ''}</label>
    ${field}
    <div class="invalid-feedback" id="${id}-feedback">${escapeHtml(t('validation.required'))}</div>
    ${kind === 'textarea' ? `<div class="form-text">${escapeHtml(t(required ? 'comment.requiredHint' : 'comment.optionalHint'))}</div>` : ''}
  </form>
</div>
<div class="modal-footer">
  <button type="button" class="btn btn-outline-secondary" data-bs-dismiss="modal">${escapeHtml(t('actions.cancel'))}</button>
  <button type="button" class="btn btn-primary" data-prompt-submit>${escapeHtml(t(options.message ? 'actions.confirm' : 'actions.validate'))}</button>
</div>`;
  const modal = openModal(html, { testId: 'comment-prompt', backdrop: 'static' });
  const input = modal.element.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${id}`)!;
  const form = modal.element.querySelector<HTMLFormElement>('form')!;
  let result: string | null = null;

  const submit = (): void => {
    const value = input.value.trim();
    if (required && value === '') {
      input.classList.add('is-invalid');
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${id}-feedback`);
      input.focus();
      return;
    }
    result = value;
    modal.close();
  };
  input.addEventListener('input', () => {
    input.classList.remove('is-invalid');
    input.removeAttribute('aria-invalid');
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  modal.element.querySelector('[data-prompt-submit]')?.addEventListener('click', submit);
  return modal.closed.then(() => result);
}
