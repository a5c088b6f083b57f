// Its own chunk, loaded by the first search field (main.ts, lazy-enhancer.ts).
import { getXhr } from './http';
import { t } from './i18n';
import { provideLazyEnhancer } from './lazy-enhancer';

/** One suggestion returned by an autocomplete URL. */
export interface Suggestion {
  id: string | number;
  label: string;
}

const DEBOUNCE_MS = 250;
let menuCounter = 0;

class Autocomplete {
  private readonly menu: HTMLUListElement;
  private timer: number | undefined;
  private controller: AbortController | null = null;
  private items: Suggestion[] = [];
  private active = -1;

  constructor(private readonly input: HTMLInputElement) {
    this.menu = document.createElement('ul');
    this.menu.className = 'dropdown-menu vigie-autocomplete-menu';
    this.menu.id = `vigie-autocomplete-${++menuCounter}`;
    this.menu.setAttribute('role', 'listbox');
    input.insertAdjacentElement('afterend', this.menu);
    input.setAttribute('role', 'combobox');
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', this.menu.id);
    input.addEventListener('input', () => this.onInput());
    input.addEventListener('keydown', (event) => this.onKeyDown(event));
    input.addEventListener('blur', () => window.setTimeout(() => this.hide(), 150));
    this.menu.addEventListener('mousedown', (event) => event.preventDefault());
    // Someone quick may have typed before the field was enhanced (a modal just opened): search
    // what is already there instead of waiting for the next key.
    if (document.activeElement === input && input.value.trim() && !this.hidden()?.value) this.onInput();
    this.menu.addEventListener('click', (event) => {
      const option = (event.target as Element).closest<HTMLElement>('[data-index]');
      if (option) this.choose(Number(option.dataset.index));
    });
  }

  private hidden(): HTMLInputElement | null {
    const selector = this.input.dataset.autocompleteTarget;
    return selector ? document.querySelector<HTMLInputElement>(selector) : null;
  }

  private onInput(): void {
    const hidden = this.hidden();
    if (hidden && hidden.value) {
      hidden.value = '';
      hidden.dispatchEvent(new Event('change', { bubbles: true }));
    }
    window.clearTimeout(this.timer);
    const term = this.input.value.trim();
    if (term.length < Number(this.input.dataset.autocompleteMin ?? 1)) {
      this.controller?.abort();
      this.hide();
      return;
    }
    this.timer = window.setTimeout(() => void this.search(term), DEBOUNCE_MS);
  }

  private async search(term: string): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const base = this.input.dataset.autocompleteUrl ?? '';
    const url = `${base}${base.includes('?') ? '&' : '?'}q=${encodeURIComponent(term)}`;
    try {
      const response = await getXhr(url, 'application/json', controller.signal);
      if (!response.ok) throw new Error(String(response.status));
      const data = (await response.json()) as unknown;
      if (controller.signal.aborted) return;
      this.items = Array.isArray(data) ? (data as Suggestion[]).filter((s) => s && s.label != null) : [];
      this.render();
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      this.items = [];
      this.render(t('autocomplete.failed'));
    }
  }

  private render(message?: string): void {
    this.active = -1;
    this.menu.replaceChildren();
    if (this.items.length === 0) {
      const li = document.createElement('li');
      li.innerHTML = '<span class="dropdown-item-text text-body-secondary"></span>';
      li.firstElementChild!.textContent = message ?? t('autocomplete.noResult');
      this.menu.append(li);
    }
    this.items.forEach((item, index) => {
      const li = document.createElement('li');
      const option = document.createElement('button');
      option.type = 'button';
      option.className = 'dropdown-item';
      option.id = `${this.menu.id}-${index}`;
      option.tabIndex = -1;
      option.setAttribute('role', 'option');
      option.dataset.index = String(index);
      option.textContent = String(item.label);
      li.append(option);
      this.menu.append(li);
    });
    this.show();
  }

  private show(): void {
    this.menu.style.top = `${this.input.offsetTop + this.input.offsetHeight}px`;
    this.menu.style.left = `${this.input.offsetLeft}px`;
    this.menu.style.minWidth = `${this.input.offsetWidth}px`;
    this.menu.classList.add('show');
    this.input.setAttribute('aria-expanded', 'true');
  }

  private hide(): void {
    this.menu.classList.remove('show');
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.active = -1;
  }

  private highlight(index: number): void {
    const options = this.menu.querySelectorAll<HTMLElement>('[role="option"]');
    if (options.length === 0) return;
    this.active = (index + options.length) % options.length;
    options.forEach((option, i) => {
      option.classList.toggle('active', i === this.active);
      option.setAttribute('aria-selected', String(i === this.active));
    });
    const current = options[this.active];
    this.input.setAttribute('aria-activedescendant', current.id);
    current.scrollIntoView({ block: 'nearest' });
  }

  private onKeyDown(event: KeyboardEvent): void {
    const open = this.menu.classList.contains('show');
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && this.items.length) this.show();
      this.highlight(this.active + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      this.highlight(this.active - 1);
    } else if (event.key === 'Enter' && open) {
      if (this.active >= 0) {
        event.preventDefault();
        this.choose(this.active);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation(); // do not close the modal around the field
      this.hide();
    }
  }

  private choose(index: number): void {
    const item = this.items[index];
    if (!item) return;
    this.input.value = String(item.label);
    const hidden = this.hidden();
    if (hidden) {
      hidden.value = String(item.id);
      hidden.dispatchEvent(new Event('change', { bubbles: true }));
    }
    this.hide();
    this.input.dispatchEvent(new CustomEvent('vigie:autocomplete-select', { bubbles: true, detail: item }));
  }
}

const enhanced = new WeakSet<HTMLInputElement>();

/**
 * Enhances `input[data-autocomplete-url]`: debounced (250 ms) GET `url?q=term` returning
 * `[{id, label}]`, Bootstrap dropdown list, arrows/Enter/Escape; choosing writes the label in the
 * input and the id in `data-autocomplete-target`.
 */
export function enhanceAutocomplete(root: ParentNode): void {
  const inputs = Array.from(root.querySelectorAll<HTMLInputElement>('input[data-autocomplete-url]'));
  if (root instanceof HTMLInputElement && root.matches('[data-autocomplete-url]')) inputs.push(root);
  for (const input of inputs) {
    if (enhanced.has(input)) continue;
    enhanced.add(input);
    new Autocomplete(input);
  }
}

provideLazyEnhancer('autocomplete', { enhance: enhanceAutocomplete });
