import { updateDamages, updateRating, type RatingProps } from './live-rating';

/**
 * The risk evaluation form's live figures: a change of gravity, probability or control updates the
 * gross risk, the priority risk and its level; a change of the associated risks updates the possible
 * damages here, without re-posting the block (the danger family's change still re-posts it to
 * risk_evaluation_form for its risks). Without this island the server's figures stay, and are
 * recomputed on save.
 */
export function mount(el: HTMLElement, props: RatingProps): () => void {
  const onChange = (event: Event) => {
    const target = event.target as HTMLElement | null;
    if (target?.matches?.('select[data-rating]')) updateRating(el, props);
    if (target?.matches?.('select[data-testid="du-risks-select"]')) {
      updateDamages(el);
      // The damages are known here: no need for the block's re-post (which would also move the focus).
      event.stopPropagation();
    }
  };
  el.addEventListener('change', onChange);
  updateRating(el, props);
  return () => el.removeEventListener('change', onChange);
}
