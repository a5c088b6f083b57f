// Its own chunk, loaded by the first rich-text field (main.ts); the submit check stays in the
// main bundle (rich-text-submit.ts) to keep its place among the capture listeners.
import { showAlert } from './alerts';
import { csrfToken } from './boot';
import { commentPrompt } from './comment-prompt';
import { errorMessage, postXhr, readJson } from './http';
import { t } from './i18n';
import { provideLazyEnhancer } from './lazy-enhancer';
import { richTextEditors as editors } from './rich-text-submit';

interface ToolbarButton {
  command: string;
  icon: string;
  title: string;
  value?: string;
}

const BUTTONS: ToolbarButton[][] = [
  [
    { command: 'bold', icon: 'bi-type-bold', title: 'richtext.bold' },
    { command: 'italic', icon: 'bi-type-italic', title: 'richtext.italic' },
    { command: 'createLink', icon: 'bi-link-45deg', title: 'richtext.link' },
  ],
  [
    { command: 'insertUnorderedList', icon: 'bi-list-ul', title: 'richtext.bulletList' },
    { command: 'insertOrderedList', icon: 'bi-list-ol', title: 'richtext.numberedList' },
    { command: 'formatBlock', value: 'blockquote', icon: 'bi-quote', title: 'richtext.quote' },
  ],
  [
    { command: 'undo', icon: 'bi-arrow-counterclockwise', title: 'richtext.undo' },
    { command: 'redo', icon: 'bi-arrow-clockwise', title: 'richtext.redo' },
  ],
];

const SAFE_LINK = /^(https?:\/\/|mailto:|\/)/i;

/** The HTML to store for an editor: empty when it holds no text and no image. */
function editorHtml(editor: HTMLElement): string {
  if (!editor.textContent?.trim() && !editor.querySelector('img')) return '';
  return editor.innerHTML;
}

class RichText {
  private readonly editor: HTMLDivElement;
  private readonly wrapper: HTMLDivElement;
  private savedRange: Range | null = null;

  constructor(private readonly textarea: HTMLTextAreaElement) {
    this.wrapper = document.createElement('div');
    this.wrapper.className = 'vigie-richtext';
    const toolbar = document.createElement('div');
    toolbar.className = 'btn-toolbar vigie-richtext-toolbar';
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', t('richtext.toolbar'));
    const groups = BUTTONS.map((group) => [...group]);
    if (textarea.dataset.uploadUrl) groups[0].push({ command: 'image', icon: 'bi-image', title: 'richtext.image' });
    for (const group of groups) {
      const div = document.createElement('div');
      div.className = 'btn-group btn-group-sm me-2';
      for (const spec of group) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'btn btn-outline-secondary';
        button.title = t(spec.title);
        button.setAttribute('aria-label', t(spec.title));
        button.dataset.command = spec.command;
        if (spec.value) button.dataset.value = spec.value;
        button.innerHTML = `<i class="bi ${spec.icon}" aria-hidden="true"></i>`;
        div.append(button);
      }
      toolbar.append(div);
    }
    this.editor = document.createElement('div');
    this.editor.className = 'form-control vigie-richtext-editor';
    this.editor.contentEditable = 'true';
    this.editor.setAttribute('role', 'textbox');
    this.editor.setAttribute('aria-multiline', 'true');
    this.editor.dataset.testid = 'richtext-editor';
    const label = textarea.id ? document.querySelector(`label[for="${CSS.escape(textarea.id)}"]`) : null;
    if (label) {
      if (!label.id) label.id = `${textarea.id}-label`;
      this.editor.setAttribute('aria-labelledby', label.id);
      label.addEventListener('click', () => this.editor.focus());
    }
    if (textarea.classList.contains('is-invalid')) this.editor.classList.add('is-invalid');
    this.editor.innerHTML = textarea.value;
    // A hidden required textarea would block submission ("not focusable"): the editor checks instead.
    if (textarea.required) {
      textarea.required = false;
      textarea.dataset.richtextRequired = '1';
      this.editor.setAttribute('aria-required', 'true');
    }
    textarea.hidden = true;
    textarea.dataset.richtextEnhanced = '1';
    textarea.insertAdjacentElement('beforebegin', this.wrapper);
    this.wrapper.append(toolbar, this.editor, textarea);

    toolbar.addEventListener('mousedown', (event) => {
      if ((event.target as Element).closest('button')) event.preventDefault(); // keep the selection
    });
    toolbar.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-command]');
      if (button) void this.run(button.dataset.command!, button.dataset.value);
    });
    this.editor.addEventListener('input', () => {
      this.editor.classList.remove('is-invalid');
      this.sync();
    });
    this.editor.addEventListener('blur', () => this.sync());
  }

  /** Copies the editor's HTML into the textarea the form submits. */
  sync(): void {
    this.textarea.value = editorHtml(this.editor);
  }

  /** Marks an empty required editor invalid; returns whether it is valid. */
  validate(): boolean {
    this.sync();
    if (this.textarea.dataset.richtextRequired !== '1' || this.textarea.value !== '') return true;
    this.editor.classList.add('is-invalid');
    let feedback = this.wrapper.querySelector<HTMLElement>(':scope > .invalid-feedback');
    if (!feedback) {
      feedback = document.createElement('div');
      feedback.className = 'invalid-feedback';
      this.wrapper.append(feedback);
    }
    feedback.textContent = t('validation.required');
    this.editor.focus();
    return false;
  }

  private saveSelection(): void {
    const selection = window.getSelection();
    this.savedRange = selection && selection.rangeCount > 0 && this.editor.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
  }

  private restoreSelection(): void {
    this.editor.focus();
    const selection = window.getSelection();
    if (this.savedRange && selection) {
      selection.removeAllRanges();
      selection.addRange(this.savedRange);
    }
  }

  private async run(command: string, value?: string): Promise<void> {
    if (command === 'createLink') {
      this.saveSelection();
      const url = await commentPrompt({ title: t('richtext.link'), label: t('richtext.linkPrompt'), input: 'url', required: true, value: 'https://' });
      this.restoreSelection();
      if (!url || !SAFE_LINK.test(url)) return;
      document.execCommand('createLink', false, url);
    } else if (command === 'image') {
      this.saveSelection();
      this.pickImage();
      return;
    } else if (command === 'formatBlock') {
      this.editor.focus();
      const inQuote = window.getSelection()?.anchorNode?.parentElement?.closest('blockquote');
      document.execCommand('formatBlock', false, inQuote ? 'p' : value);
    } else {
      this.editor.focus();
      document.execCommand(command, false);
    }
    this.sync();
  }

  /** The file input of the image being picked: held here, a detached input nobody references may be collected before its change event. */
  private picker: HTMLInputElement | null = null;

  private pickImage(): void {
    const file = document.createElement('input');
    file.type = 'file';
    file.accept = 'image/*';
    this.picker = file;
    file.addEventListener('change', () => {
      if (file.files?.[0]) void this.upload(file.files[0]);
      if (this.picker === file) this.picker = null;
    });
    file.click();
  }

  private async upload(image: File): Promise<void> {
    const body = new FormData();
    // The token before the file: the server reads it first when no header carries it.
    body.append('_csrf_token', csrfToken(this.textarea.form));
    body.append('upload', image);
    this.wrapper.setAttribute('aria-busy', 'true');
    try {
      const response = await postXhr(this.textarea.dataset.uploadUrl!, body);
      const json = response.ok ? await readJson<{ url?: string }>(response.clone()) : null;
      if (!json?.url) {
        showAlert(this.wrapper, await errorMessage(response, t('errors.uploadFailed')));
        return;
      }
      this.restoreSelection();
      document.execCommand('insertImage', false, json.url);
      this.sync();
    } catch {
      showAlert(this.wrapper, t('errors.network'));
    } finally {
      this.wrapper.removeAttribute('aria-busy');
    }
  }
}


/**
 * Turns `textarea[data-richtext]` into a contenteditable editor with a toolbar (bold, italic,
 * link, lists, quote, undo, redo, and image when `data-upload-url` is set). The textarea stays
 * in the form, hidden, and carries the HTML.
 */
export function enhanceRichText(root: ParentNode): void {
  const areas = Array.from(root.querySelectorAll<HTMLTextAreaElement>('textarea[data-richtext]'));
  if (root instanceof HTMLTextAreaElement && root.matches('[data-richtext]')) areas.push(root);
  for (const area of areas) {
    if (!editors.has(area) && !area.dataset.richtextEnhanced) editors.set(area, new RichText(area));
  }
}

provideLazyEnhancer('rich-text', { enhance: enhanceRichText });
