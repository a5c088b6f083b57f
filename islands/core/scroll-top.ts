import { t } from './i18n';

/** Scroll distance (px) after which the scroll-to-top button appears (spec). */
export const SCROLL_TOP_THRESHOLD = 100;

/** Adds the fixed scroll-to-top button, shown after 100 px of scrolling. */
export function installScrollTop(): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-primary vigie-scroll-top';
  button.dataset.testid = 'scroll-top';
  button.setAttribute('aria-label', t('scrollTop.label'));
  button.title = t('scrollTop.label');
  button.innerHTML = '<i class="bi bi-arrow-up" aria-hidden="true"></i>';
  button.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
  document.body.append(button);
  const update = (): void => {
    button.classList.toggle('is-visible', window.scrollY > SCROLL_TOP_THRESHOLD);
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
}
