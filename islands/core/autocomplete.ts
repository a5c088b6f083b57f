// Its own chunk, loaded by the first search field (main.ts, lazy-enhancer.ts), with Tom Select and
// its Bootstrap 5 theme: pages without such a field never download them.
import 'tom-select/dist/css/tom-select.bootstrap5.min.css';
import clearButton from 'tom-select/dist/esm/plugins/clear_button/plugin.js';
import TomSelect from 'tom-select/dist/esm/tom-select.js';
import type { RecursivePartial, TomOption, TomSettings } from 'tom-select/dist/esm/types/index';
import './autocomplete.css';
import { escapeHtml } from './dom';
import { getXhr } from './http';
import { t } from './i18n';
import { provideLazyEnhancer } from './lazy-enhancer';

/** One suggestion returned by an autocomplete URL (other fields are kept and handed to listeners). */
export interface Suggestion {
  id: string | number;
  label: string;
  [field: string]: unknown;
}

const DEBOUNCE_MS = 250;
/** Tom Select's key of a suggestion (`i:<id>`) or of text typed and kept without a choice (`t:<text>`). */
const ID = 'i:';
const TEXT = 't:';
let counter = 0;

TomSelect.define('clear_button', clearButton);

/**
 * One search field. Tom Select runs on a `<select>` of its own, without a name: the view's input
 * keeps its name and receives the label (hidden, posted as before), the `data-autocomplete-target`
 * field the id; the form posts what it posted before Tom Select.
 */
class Autocomplete {
  readonly select: HTMLSelectElement;
  private readonly ts: TomSelect;
  /** The values each search returned: the list shows only those of the current text, in the server's order. */
  private readonly results = new Map<string, Set<string>>();
  private failed = false;

  constructor(private readonly input: HTMLInputElement) {
    const min = Math.max(1, Number(input.dataset.autocompleteMin ?? 1) || 1);
    const hidden = this.hidden();
    const label = input.value.trim();
    const id = hidden?.value ?? '';

    this.select = document.createElement('select');
    this.select.id = input.id ? `${input.id}-search` : `vigie-autocomplete-${++counter}`;
    this.select.className = input.className;
    if (input.required) this.select.required = true;
    // The label now names the search (Tom Select moves it on to the field it types in).
    if (input.id) document.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.setAttribute('for', this.select.id);
    // Only Tom Select's field is for users and assistive technology: the select it drives is not.
    this.select.setAttribute('aria-hidden', 'true');
    input.insertAdjacentElement('afterend', this.select);
    // The view's input keeps its name and value and is posted as before, hidden (its `required`
    // stays for the label's star, app.css: a hidden input is never validated, the select is).
    input.type = 'hidden';
    input.dataset.autocompleteEnhanced = '1';

    // Someone quick may have typed before the field was enhanced (a modal just opened): that text
    // is searched rather than kept as chosen.
    const typing = document.activeElement === input && !!label && !id;
    const initial: TomOption[] = label && !typing ? [id ? { value: ID + id, label, item: { id, label } } : { value: TEXT + label, label }] : [];
    const settings: RecursivePartial<TomSettings> = {
      valueField: 'value',
      labelField: 'label',
      searchField: ['label'],
      maxItems: 1,
      // Emptying the field by mouse; Backspace or Delete do it from the keyboard.
      plugins: {
        clear_button: {
          html: () => `<div class="clear-button" role="button" tabindex="0" title="${escapeHtml(t('autocomplete.clear'))}" aria-label="${escapeHtml(t('autocomplete.clear'))}"><span aria-hidden="true">&times;</span></div>`,
        },
      },
      options: initial,
      items: initial.map((o) => String(o.value)),
      placeholder: input.placeholder || undefined,
      loadThrottle: DEBOUNCE_MS,
      // Text typed and left without a choice stays, as in a plain field: a filter searches it, a
      // form says that no item was chosen (and shows it again after the error).
      create: (text: string, done: (data?: TomOption) => void) => {
        done({ value: TEXT + text, label: text });
        return true;
      },
      createOnBlur: true,
      persist: false,
      maxOptions: null,
      shouldLoad: (query: string) => query.length >= min,
      load: (query: string, callback: (options: TomOption[], optgroups: TomOption[]) => void) => {
        void this.search(query, callback);
      },
      render: {
        option: (data: TomOption, escape: (s: string) => string) => `<div>${escape(String(data.label))}</div>`,
        item: (data: TomOption, escape: (s: string) => string) => `<div>${escape(String(data.label))}</div>`,
        // The kept text is no suggestion: nothing in the list offers to « add » it.
        option_create: (() => null) as unknown as TomSettings['render']['option_create'],
        no_results: () => `<div class="no-results">${escapeHtml(this.failed ? t('autocomplete.failed') : t('autocomplete.noResult'))}</div>`,
        loading: () => `<div class="no-results">${escapeHtml(t('autocomplete.loading'))}</div>`,
        not_loading: () => null,
      },
      onChange: (value: string | number) => this.changed(String(value)),
    };
    // Tom Select types score's result without its argument: the search of each text decides what shows.
    (settings as Record<string, unknown>).score = (query: string) => {
      const values = this.results.get(query);
      return (option: TomOption) => (values?.has(String(option.value)) ? 1 : 0);
    };
    this.ts = new TomSelect(this.select, settings);

    const field = this.ts.control_input;
    // The list is named for itself: named after the field's label too, a search for that label
    // (a screen reader's, a test's) would find two fields.
    this.ts.dropdown_content.removeAttribute('aria-labelledby');
    this.ts.dropdown_content.setAttribute('aria-label', t('autocomplete.suggestions'));
    // The view's naming and description move to the field users type in (a questionnaire's
    // several user slots are named by aria-label, not by a label).
    for (const attr of ['aria-label', 'aria-labelledby', 'aria-describedby']) {
      const value = input.getAttribute(attr);
      if (!value) continue;
      field.setAttribute(attr, value);
      input.removeAttribute(attr);
    }
    if (input.dataset.testid) {
      field.dataset.testid = input.dataset.testid;
      delete input.dataset.testid;
    }
    // Tom Select's own change events would reach the form's listeners (dependent blocks) as a
    // field without a name: the view's fields announce the change instead (changed()).
    for (const type of ['change', 'input']) this.select.addEventListener(type, (event) => event.stopPropagation());
    // The plugin's button answers clicks only: Enter and Space too, as a button does.
    this.ts.control.querySelector('.clear-button')?.addEventListener('keydown', (event) => {
      const key = (event as KeyboardEvent).key;
      if (key !== 'Enter' && key !== ' ') return;
      event.preventDefault();
      (event.currentTarget as HTMLElement).click();
    });
    if (typing) {
      this.ts.focus();
      field.value = label;
      field.dispatchEvent(new Event('input'));
    }
  }

  private hidden(): HTMLInputElement | null {
    const selector = this.input.dataset.autocompleteTarget;
    return selector ? document.querySelector<HTMLInputElement>(selector) : null;
  }

  private async search(query: string, callback: (options: TomOption[], optgroups: TomOption[]) => void): Promise<void> {
    const base = this.input.dataset.autocompleteUrl ?? '';
    const url = `${base}${base.includes('?') ? '&' : '?'}q=${encodeURIComponent(query)}`;
    this.failed = false;
    try {
      const response = await getXhr(url, 'application/json');
      if (!response.ok) throw new Error(String(response.status));
      const data = (await response.json()) as unknown;
      const items = Array.isArray(data) ? (data as Suggestion[]).filter((s) => s && s.label != null && s.id != null) : [];
      const options = items.map((item) => ({ value: ID + String(item.id), label: String(item.label), item }));
      this.results.set(query, new Set(options.map((o) => o.value)));
      callback(options, []);
    } catch {
      this.failed = true;
      // Asked again at the next keystroke rather than remembered as answered.
      delete this.ts.loadedSearches[query];
      this.results.delete(query);
      callback([], []);
    }
  }

  private changed(value: string): void {
    // The server's « is-invalid » (copied from the view's input) goes once the user chooses again.
    this.ts.wrapper.classList.remove('is-invalid');
    const hidden = this.hidden();
    const option = value ? this.ts.options[value] : undefined;
    const suggestion = value.startsWith(ID) ? (option?.item as Suggestion | undefined) : undefined;
    this.input.value = option ? String(option.label) : '';
    const id = suggestion ? String(suggestion.id) : '';
    if (hidden && hidden.value !== id) {
      hidden.value = id;
      hidden.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (!hidden) {
      this.input.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (suggestion) this.input.dispatchEvent(new CustomEvent('vigie:autocomplete-select', { bubbles: true, detail: suggestion }));
  }

  destroy(): void {
    this.ts.destroy();
  }
}

const live = new Map<HTMLInputElement, Autocomplete>();

/**
 * Enhances `input[data-autocomplete-url]` with Tom Select: debounced (250 ms) GET `url?q=term`
 * returning `[{id, label}]`; choosing writes the label in the input and the id in
 * `data-autocomplete-target`.
 */
export function enhanceAutocomplete(root: ParentNode): void {
  const inputs = Array.from(root.querySelectorAll<HTMLInputElement>('input[data-autocomplete-url]'));
  if (root instanceof HTMLInputElement && root.matches('[data-autocomplete-url]')) inputs.push(root);
  for (const input of inputs) {
    if (live.has(input) || input.dataset.autocompleteEnhanced) continue;
    live.set(input, new Autocomplete(input));
  }
}

/** Releases the searches of a subtree that left the page (Tom Select listens on the document and the window). */
export function teardownAutocomplete(root: ParentNode): void {
  for (const [input, autocomplete] of live) {
    if (input.isConnected || !(root === input || root.contains(input))) continue;
    autocomplete.destroy();
    live.delete(input);
  }
}

provideLazyEnhancer('autocomplete', { enhance: enhanceAutocomplete, teardown: teardownAutocomplete });
