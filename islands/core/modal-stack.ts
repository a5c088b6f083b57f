import { Modal } from './bootstrap';
import { t } from './i18n';
import { htmlToFragment } from './dom';
import { enhance, teardown } from './enhance';

/** Base z-index of the stack; each modal already open adds 10 (spec: 1040 + 10 per open modal). */
export const MODAL_BASE_Z_INDEX = 1040;

/** Options of {@link openModal}. */
export interface ModalOptions {
  /** `lg` or `xl` (also read from the fragment's root `data-modal-size`). */
  size?: string;
  /** Extra attribute for tests, e.g. `confirm-dialog`. */
  testId?: string;
  /** `static` keeps the modal open on backdrop clicks. */
  backdrop?: boolean | 'static';
}

/** A modal opened by the stack. */
export interface OpenedModal {
  /** The `.modal` element. */
  element: HTMLElement;
  /** Closes the modal (it is then removed from the DOM). */
  close(): void;
  /** Resolves once the modal is hidden and removed. */
  closed: Promise<void>;
}

const stack: HTMLElement[] = [];

function closeButton(): string {
  return `<button type="button" class="btn-close" data-bs-dismiss="modal" aria-label="${t('actions.close')}"></button>`;
}

/**
 * Fills a `.modal-content` with a server fragment: a fragment with its own
 * `.modal-header/.modal-body/.modal-footer` is used as is, bare content is wrapped in a body
 * under a header holding only the close button.
 */
export function fillModalContent(content: HTMLElement, html: string): void {
  teardown(content);
  const fragment = htmlToFragment(html);
  const inner = fragment.querySelector(':scope > .modal-content');
  const source = inner ? htmlToFragment(inner.innerHTML) : fragment;
  content.replaceChildren();
  const hasStructure = !!source.querySelector('.modal-body, .modal-header');
  if (hasStructure) {
    content.append(source);
    const header = content.querySelector('.modal-header');
    if (header && !header.querySelector('[data-bs-dismiss="modal"]')) {
      header.insertAdjacentHTML('beforeend', closeButton());
    }
  } else {
    content.insertAdjacentHTML('beforeend', `<div class="modal-header border-0 pb-0">${closeButton()}</div>`);
    const body = document.createElement('div');
    body.className = 'modal-body';
    body.append(source);
    content.append(body);
  }
  const title = content.querySelector('.modal-title');
  const modal = content.closest('.modal');
  if (title && modal) {
    if (!title.id) title.id = `${modal.id}-title`;
    modal.setAttribute('aria-labelledby', title.id);
  }
}

let counter = 0;

/**
 * Hides a stack modal. Bootstrap ignores hide() while the show transition runs, so a close
 * requested then (fast Escape, quick answer) waits for `shown`.
 */
function hideModal(element: HTMLElement): void {
  const instance = Modal.getInstance(element) as (Modal & { _isTransitioning?: boolean }) | null;
  if (!instance) return;
  if (instance._isTransitioning && !element.classList.contains('vigie-modal-shown')) {
    element.addEventListener('shown.bs.modal', () => instance.hide(), { once: true });
  } else {
    instance.hide();
  }
}

function sizeFromFragment(html: string): string | undefined {
  const match = /^\s*<[^>]*\bdata-modal-size="(lg|xl|sm)"/.exec(html);
  return match?.[1];
}

/** Opens a new Bootstrap modal on top of the stack with the given HTML fragment. */
export function openModal(html: string, options: ModalOptions = {}): OpenedModal {
  const level = stack.length;
  const element = document.createElement('div');
  // No Bootstrap `fade`: it runs the backdrop's transition, then the dialog's (0.45 s) before the
  // modal counts as shown and takes the focus. A CSS animation (app.css) softens the appearance
  // without delaying anything.
  element.className = 'modal vigie-modal';
  element.id = `vigie-modal-${++counter}`;
  element.tabIndex = -1;
  element.setAttribute('role', 'dialog');
  element.setAttribute('aria-modal', 'true');
  if (options.testId) element.dataset.testid = options.testId;
  const size = options.size || sizeFromFragment(html);
  const dialog = document.createElement('div');
  dialog.className = `modal-dialog modal-dialog-scrollable${size && /^(sm|lg|xl)$/.test(size) ? ` modal-${size}` : ''}`;
  const content = document.createElement('div');
  content.className = 'modal-content';
  dialog.append(content);
  element.append(dialog);
  fillModalContent(content, html);

  const zIndex = MODAL_BASE_Z_INDEX + 10 * level;
  element.style.zIndex = String(zIndex + 5);
  document.body.append(element);
  // Pickers, editors and islands are set up before the modal shows (and before its first paint),
  // as when the fade left the mutation observer time to; the observer's own pass then skips them.
  enhance(element);

  // Escape is handled by the stack (only the top-most modal closes), see installModalKeyboard.
  const instance = new Modal(element, { backdrop: options.backdrop ?? true, keyboard: false, focus: true });
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  element.addEventListener('hidden.bs.modal', () => {
    const index = stack.indexOf(element);
    if (index >= 0) stack.splice(index, 1);
    teardown(element);
    instance.dispose();
    element.remove();
    // Bootstrap resets the body when any modal hides; keep it locked while others remain.
    if (stack.length > 0) {
      document.body.classList.add('modal-open');
      document.body.style.overflow = 'hidden';
    }
    resolveClosed();
  });
  // Bootstrap focuses the modal itself when its opening transition ends; a user who already
  // clicked into a field and started typing must keep that field (and their keystrokes).
  let typingIn: HTMLElement | null = null;
  element.addEventListener('focusin', (event) => {
    if (event.target !== element && event.target instanceof HTMLElement) typingIn = event.target;
  });
  element.addEventListener('shown.bs.modal', () => {
    element.classList.add('vigie-modal-shown');
    if (typingIn && element.contains(typingIn)) typingIn.focus();
    else element.querySelector<HTMLElement>('[data-autofocus], [autofocus]')?.focus();
  });
  stack.push(element);
  instance.show();
  // Bootstrap appends the backdrop synchronously during show().
  const backdrops = document.querySelectorAll<HTMLElement>('.modal-backdrop');
  const backdrop = backdrops[backdrops.length - 1];
  if (backdrop) backdrop.style.zIndex = String(zIndex);

  return { element, close: () => hideModal(element), closed };
}

/** Number of modals currently open in the stack. */
export function openModalCount(): number {
  return stack.length;
}

/**
 * Escape closes the top-most modal of the stack, wherever the focus is. Runs in the capture
 * phase so Bootstrap's own (keyboard: false) "static" bounce never sees the key; an open date
 * picker or autocomplete list gets the Escape instead.
 */
export function installModalKeyboard(): void {
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented || stack.length === 0) return;
      if (document.querySelector('.flatpickr-calendar.open')) return;
      if ((event.target as Element | null)?.matches?.('[role="combobox"][aria-expanded="true"]')) return;
      event.preventDefault();
      event.stopPropagation();
      hideModal(stack[stack.length - 1]);
    },
    true,
  );
}

/** Closes the modal that contains `node`, if any. */
export function closeModalOf(node: Element): void {
  const element = node.closest<HTMLElement>('.modal');
  if (element && stack.includes(element)) hideModal(element);
  else if (element) Modal.getInstance(element)?.hide();
}
