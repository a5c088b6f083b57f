// Its own chunk, loaded by the first rich-text field (main.ts), with Tiptap: pages without such a
// field never download the editor. The submit check stays in the main bundle
// (rich-text-submit.ts) to keep its place among the capture listeners.
import { Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { showAlert } from './alerts';
import { csrfToken } from './boot';
import { commentPrompt } from './comment-prompt';
import { errorMessage, postXhr, readJson } from './http';
import { t } from './i18n';
import { provideLazyEnhancer } from './lazy-enhancer';
import { richTextEditors as editors } from './rich-text-submit';

type Command = 'bold' | 'italic' | 'link' | 'image' | 'bulletList' | 'orderedList' | 'blockquote' | 'undo' | 'redo';

interface ToolbarButton {
  command: Command;
  icon: string;
  title: string;
}

const BUTTONS: ToolbarButton[][] = [
  [
    { command: 'bold', icon: 'bi-type-bold', title: 'richtext.bold' },
    { command: 'italic', icon: 'bi-type-italic', title: 'richtext.italic' },
    { command: 'link', icon: 'bi-link-45deg', title: 'richtext.link' },
  ],
  [
    { command: 'bulletList', icon: 'bi-list-ul', title: 'richtext.bulletList' },
    { command: 'orderedList', icon: 'bi-list-ol', title: 'richtext.numberedList' },
    { command: 'blockquote', icon: 'bi-quote', title: 'richtext.quote' },
  ],
  [
    { command: 'undo', icon: 'bi-arrow-counterclockwise', title: 'richtext.undo' },
    { command: 'redo', icon: 'bi-arrow-clockwise', title: 'richtext.redo' },
  ],
];

/** The marks and blocks whose button shows as pressed where the cursor is. */
const TOGGLES: Partial<Record<Command, string>> = { bold: 'bold', italic: 'italic', link: 'link', bulletList: 'bulletList', orderedList: 'orderedList', blockquote: 'blockquote' };

const SAFE_LINK = /^(https?:\/\/|mailto:|\/)/i;

/**
 * Only what the toolbar makes and the server's sanitiser keeps (server/kernel/rich-text/clean-rich-text.ts):
 * headings, code, strike, underline and rules are left out, so that neither a shortcut (Ctrl+U)
 * nor a typed pattern (`# `, `---`) makes what the save would strip.
 */
function extensions() {
  return [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      horizontalRule: false,
      link: { openOnClick: false, isAllowedUri: (url) => SAFE_LINK.test(url) },
    }),
    Image.configure({ inline: true, allowBase64: false }),
  ];
}

class RichText {
  readonly wrapper: HTMLDivElement;
  private readonly element: HTMLDivElement;
  private readonly editor: Editor;
  private readonly buttons = new Map<Command, HTMLButtonElement>();

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
        if (TOGGLES[spec.command]) button.setAttribute('aria-pressed', 'false');
        button.dataset.command = spec.command;
        button.innerHTML = `<i class="bi ${spec.icon}" aria-hidden="true"></i>`;
        this.buttons.set(spec.command, button);
        div.append(button);
      }
      toolbar.append(div);
    }

    this.element = document.createElement('div');
    const attributes: Record<string, string> = {
      class: 'form-control vigie-richtext-editor',
      role: 'textbox',
      'aria-multiline': 'true',
      'data-testid': 'richtext-editor',
    };
    const label = textarea.id ? document.querySelector(`label[for="${CSS.escape(textarea.id)}"]`) : null;
    if (label) {
      if (!label.id) label.id = `${textarea.id}-label`;
      attributes['aria-labelledby'] = label.id;
      label.addEventListener('click', () => this.editor.commands.focus());
    }
    const describedBy = textarea.getAttribute('aria-describedby');
    if (describedBy) attributes['aria-describedby'] = describedBy;
    // A hidden required textarea would block submission ("not focusable"): the editor checks instead.
    if (textarea.required) {
      textarea.required = false;
      textarea.dataset.richtextRequired = '1';
      attributes['aria-required'] = 'true';
    }
    textarea.hidden = true;
    textarea.dataset.richtextEnhanced = '1';
    textarea.insertAdjacentElement('beforebegin', this.wrapper);
    this.wrapper.append(toolbar, this.element, textarea);

    this.editor = new Editor({
      element: { mount: this.element },
      extensions: extensions(),
      content: textarea.value,
      editorProps: { attributes },
      onUpdate: () => {
        this.element.classList.remove('is-invalid');
        this.sync();
      },
      onTransaction: () => this.refreshToolbar(),
      onBlur: () => this.sync(),
    });
    if (textarea.classList.contains('is-invalid')) this.element.classList.add('is-invalid');
    this.refreshToolbar();

    toolbar.addEventListener('mousedown', (event) => {
      if ((event.target as Element).closest('button')) event.preventDefault(); // keep the selection
    });
    toolbar.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-command]');
      if (button) void this.run(button.dataset.command as Command);
    });
  }

  /** The HTML to store: empty when the editor holds no text and no image. */
  html(): string {
    let image = false;
    this.editor.state.doc.descendants((node) => {
      if (node.type.name === 'image') image = true;
      return !image;
    });
    if (!this.editor.state.doc.textContent.trim() && !image) return '';
    // The empty paragraph Tiptap keeps after a last list or quote (to type after it) is not content.
    return this.editor.getHTML().replace(/(<p><\/p>)+$/, '');
  }

  /** Copies the editor's HTML into the textarea the form submits. */
  sync(): void {
    this.textarea.value = this.html();
  }

  /** Marks an empty required editor invalid; returns whether it is valid. */
  validate(): boolean {
    this.sync();
    if (this.textarea.dataset.richtextRequired !== '1' || this.textarea.value !== '') return true;
    this.element.classList.add('is-invalid');
    let feedback = this.wrapper.querySelector<HTMLElement>(':scope > .invalid-feedback');
    if (!feedback) {
      feedback = document.createElement('div');
      feedback.className = 'invalid-feedback';
      this.wrapper.append(feedback);
    }
    feedback.textContent = t('validation.required');
    this.editor.commands.focus();
    return false;
  }

  /** Releases the editor (its field left the page). */
  destroy(): void {
    this.editor.destroy();
  }

  private refreshToolbar(): void {
    for (const [command, name] of Object.entries(TOGGLES) as Array<[Command, string]>) {
      this.buttons.get(command)?.setAttribute('aria-pressed', String(this.editor.isActive(name)));
    }
  }

  private async run(command: Command): Promise<void> {
    const chain = () => this.editor.chain().focus();
    switch (command) {
      case 'bold':
        chain().toggleBold().run();
        break;
      case 'italic':
        chain().toggleItalic().run();
        break;
      case 'bulletList':
        chain().toggleBulletList().run();
        break;
      case 'orderedList':
        chain().toggleOrderedList().run();
        break;
      case 'blockquote':
        chain().toggleBlockquote().run();
        break;
      case 'undo':
        chain().undo().run();
        break;
      case 'redo':
        chain().redo().run();
        break;
      case 'link':
        await this.link();
        break;
      case 'image':
        this.pickImage();
        return;
    }
    this.sync();
  }

  /** Asks for the address; links the selection, or inserts the address itself as a link where nothing is selected. */
  private async link(): Promise<void> {
    const current = this.editor.getAttributes('link').href as string | undefined;
    const url = await commentPrompt({ title: t('richtext.link'), label: t('richtext.linkPrompt'), input: 'url', required: true, value: current ?? 'https://' });
    if (!url || !SAFE_LINK.test(url)) {
      this.editor.commands.focus();
      return;
    }
    if (this.editor.state.selection.empty && !this.editor.isActive('link')) {
      this.editor.chain().focus().insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      this.editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    }
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
      this.editor.chain().focus().setImage({ src: json.url }).run();
      this.sync();
    } catch {
      showAlert(this.wrapper, t('errors.network'));
    } finally {
      this.wrapper.removeAttribute('aria-busy');
    }
  }
}

/** The page's editors, to release those whose form leaves the page. */
const live = new Set<RichText>();

/**
 * Turns `textarea[data-richtext]` into a Tiptap editor with a toolbar (bold, italic, link, lists,
 * quote, undo, redo, and image when `data-upload-url` is set). The textarea stays in the form,
 * hidden, and carries the HTML.
 */
export function enhanceRichText(root: ParentNode): void {
  const areas = Array.from(root.querySelectorAll<HTMLTextAreaElement>('textarea[data-richtext]'));
  if (root instanceof HTMLTextAreaElement && root.matches('[data-richtext]')) areas.push(root);
  for (const area of areas) {
    if (editors.has(area) || area.dataset.richtextEnhanced) continue;
    const editor = new RichText(area);
    editors.set(area, editor);
    live.add(editor);
  }
}

/** Destroys the editors of a subtree that left the page (a closed modal, a replaced form). */
export function teardownRichText(root: ParentNode): void {
  for (const editor of live) {
    if (editor.wrapper.isConnected || !(root === editor.wrapper || root.contains(editor.wrapper))) continue;
    editor.destroy();
    live.delete(editor);
  }
}

provideLazyEnhancer('rich-text', { enhance: enhanceRichText, teardown: teardownRichText });
