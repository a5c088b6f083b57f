import { csrfToken } from './boot';
import { postXhr } from './http';
import { t } from './i18n';

/**
 * Dependent fields: a block `[data-refresh-url]` re-posts its own fields (plus the CSRF token)
 * when one of them changes, and the server's HTML answer replaces the block (hierarchy filters,
 * risk-evaluation selects that depend on each other).
 */
export function installRefreshOnChange(): void {
  document.addEventListener('change', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLElement)) return;
    const block = field.closest<HTMLElement>('[data-refresh-url]');
    if (!block || !block.contains(field)) return;
    void refresh(block);
  });
}

async function refresh(block: HTMLElement): Promise<void> {
  const body = new FormData();
  block.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input[name], select[name], textarea[name]').forEach((el) => {
    if (el instanceof HTMLSelectElement) {
      for (const option of Array.from(el.selectedOptions)) body.append(el.name, option.value);
    } else if ((el.type === 'checkbox' || el.type === 'radio') && !(el as HTMLInputElement).checked) {
      return;
    } else {
      body.append(el.name, el.value);
    }
  });
  body.append('_csrf_token', csrfToken(block));
  block.setAttribute('aria-busy', 'true');
  try {
    const response = await postXhr(block.dataset.refreshUrl!, body);
    if (!response.ok) throw new Error(String(response.status));
    const html = await response.text();
    const holder = document.createElement('div');
    holder.innerHTML = html.trim();
    const fresh = holder.firstElementChild;
    if (fresh) block.replaceWith(fresh);
  } catch (error) {
    console.error(t('errors.refreshFailed'), error);
  } finally {
    block.removeAttribute('aria-busy');
  }
}
