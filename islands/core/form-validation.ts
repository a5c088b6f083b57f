import { t } from './i18n';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isField(node: unknown): node is Field {
  return node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement;
}

/**
 * Gives browser validation the spec's French message: a `required` field left empty says
 * 'Veuillez renseigner ce champ.' whatever the browser's language, and the field is flagged
 * `is-invalid`. Both are cleared as soon as the user changes the field (for radios: the whole group).
 */
export function installFrenchValidation(): void {
  document.addEventListener(
    'invalid',
    (event) => {
      const field = event.target;
      if (!isField(field)) return;
      if (field.validity.valueMissing) field.setCustomValidity(t('validation.required'));
      // Bootstrap's red border and the field's own .invalid-feedback, as after a server check.
      field.classList.add('is-invalid');
    },
    true,
  );
  const clear = (event: Event): void => {
    const field = event.target;
    if (!isField(field)) return;
    field.classList.remove('is-invalid');
    if (!field.validity.customError) return;
    if (field instanceof HTMLInputElement && field.type === 'radio' && field.form && field.name) {
      field.form.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(field.name)}"]`).forEach((r) => r.setCustomValidity(''));
    } else {
      field.setCustomValidity('');
    }
  };
  document.addEventListener('input', clear, true);
  document.addEventListener('change', clear, true);
}

/** Marks submit buttons with `value="DRAFT"` as `formnovalidate`: a draft skips browser validation. */
export function enhanceDraftButtons(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('button[value="DRAFT"], input[type="submit"][value="DRAFT"]').forEach((button) => {
    if (button.getAttribute('type') !== 'button') button.setAttribute('formnovalidate', '');
  });
}

/** Also sets `formnovalidate` at click time, for DRAFT buttons added by scripts without a mutation pass. */
export function installDraftButtons(): void {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button[value="DRAFT"], input[type="submit"][value="DRAFT"]');
      if (button && button.getAttribute('type') !== 'button') button.setAttribute('formnovalidate', '');
    },
    true,
  );
}
