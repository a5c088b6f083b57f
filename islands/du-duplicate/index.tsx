import { alertDialog } from '../core/alerts';
import { selectedIds } from '../core/bulk-actions';
import { t } from '../core/i18n';
import { openModalFromUrl } from '../core/modal-links';

/** What the button's island is given: the duplicate modal's route and the document's table. */
interface DuplicateProps { url: string; table: string }

/**
 * The unique risk document's « Dupliquer vers une autre entité »: opens the duplicate modal with
 * the checked lines, or answers 'Veuillez effectuer une sélection' (the kernel's bulk message)
 * without any.
 */
export function mount(el: HTMLElement, props: DuplicateProps): () => void {
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('button');
    if (!button) return;
    event.preventDefault();
    const table = document.querySelector(props.table);
    const ids = table ? selectedIds(table) : [];
    if (!ids.length) {
      void alertDialog(t('bulk.noSelection'));
      return;
    }
    const url = new URL(props.url, window.location.href);
    url.searchParams.set('ids', ids.join(','));
    void openModalFromUrl(url.pathname + url.search, button);
  };
  el.addEventListener('click', onClick);
  return () => el.removeEventListener('click', onClick);
}
