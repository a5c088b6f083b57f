import { getXhr } from './http';

/** One choice returned by a populate URL. */
export interface PopulateChoice {
  id: string | number;
  name: string;
}

const pending = new WeakMap<HTMLSelectElement, AbortController>();

/** The select that `source` fills: looked up in its form first (modals repeat ids), then in the page. */
function targetOf(source: HTMLSelectElement): HTMLSelectElement | null {
  const selector = source.dataset.populateTarget;
  if (!selector) return null;
  const found = source.form?.querySelector(selector) ?? document.querySelector(selector);
  return found instanceof HTMLSelectElement ? found : null;
}

function isChoiceList(value: unknown): value is PopulateChoice[] {
  return Array.isArray(value) && value.every((c) => c && typeof c === 'object' && (typeof c.id === 'number' || typeof c.id === 'string') && typeof c.name === 'string');
}

/**
 * Replaces the options of `target` by `choices`, keeping its leading placeholder (an option with an
 * empty value) and its current value when still offered. Fires `change` on it when its value
 * changed, so a chain of dependent selects (theme → formation → trainer) follows.
 */
export function fillSelect(target: HTMLSelectElement, choices: PopulateChoice[]): void {
  const before = target.value;
  const placeholder = target.options[0]?.value === '' ? target.options[0] : null;
  target.replaceChildren(...(placeholder ? [placeholder] : []));
  for (const c of choices) target.append(new Option(c.name, String(c.id)));
  target.value = choices.some((c) => String(c.id) === before) ? before : placeholder ? '' : target.options[0]?.value ?? '';
  if (target.value !== before) target.dispatchEvent(new Event('change', { bubbles: true }));
}

async function populate(source: HTMLSelectElement): Promise<void> {
  const target = targetOf(source);
  if (!target) {
    console.error(`Liste dépendante introuvable : ${source.dataset.populateTarget ?? '(aucune)'}`);
    return;
  }
  pending.get(source)?.abort();
  const controller = new AbortController();
  pending.set(source, controller);
  const template = source.dataset.populateUrl!;
  // A URL holding `{id}` takes the value in its path (`/equipment/families/{id}.json`); no value, no choices.
  if (template.includes('{id}') && source.value === '') {
    fillSelect(target, []);
    return;
  }
  const url = new URL(template.includes('{id}') ? template.replace('{id}', encodeURIComponent(source.value)) : template, window.location.href);
  if (!template.includes('{id}')) url.searchParams.set(source.dataset.populateParam || 'id', source.value);
  target.setAttribute('aria-busy', 'true');
  try {
    const response = await getXhr(url.pathname + url.search, 'application/json', controller.signal);
    if (!response.ok) throw new Error(String(response.status));
    const choices: unknown = await response.json();
    if (!isChoiceList(choices)) throw new Error('réponse inattendue');
    fillSelect(target, choices);
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    console.error(`Impossible de charger les choix de la liste dépendante (${(error as Error).message}).`);
  } finally {
    if (pending.get(source) === controller) {
      pending.delete(source);
      target.removeAttribute('aria-busy');
    }
  }
}

/**
 * Dependent selects: a `select[data-populate-url][data-populate-target="#sel"]` refills the select
 * `#sel` when it changes, from `GET <url>?<data-populate-param>=<value>` (or `<url>` with `{id}` replaced
 * by the value) answering `[{id, name}]`.
 * Delegated, so selects in modals loaded later work too.
 */
export function installDependentSelects(): void {
  document.addEventListener('change', (event) => {
    const source = event.target;
    if (source instanceof HTMLSelectElement && source.dataset.populateUrl && source.dataset.populateTarget) void populate(source);
  });
}
