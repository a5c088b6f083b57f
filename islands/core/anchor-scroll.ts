/** Space (px) left above an anchor target, for the fixed top bar. */
export const ANCHOR_OFFSET = 60;
/** Duration (ms) of the animated scroll to an anchor. */
export const ANCHOR_DURATION = 500;

/** Scrolls the window to `top` over `duration` ms (ease-in-out). */
export function animateScrollTo(top: number, duration = ANCHOR_DURATION): void {
  const start = window.scrollY;
  const distance = top - start;
  const begin = performance.now();
  const step = (now: number): void => {
    const progress = Math.min(1, (now - begin) / duration);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - Math.pow(-2 * progress + 2, 2) / 2;
    window.scrollTo({ top: start + distance * eased, behavior: 'instant' });
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** In-page links (`a[href^="#"]`, not Bootstrap toggles) scroll smoothly to 60 px above their target. */
export function installAnchorScroll(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="#"]');
    if (!link || link.hasAttribute('data-bs-toggle') || link.hasAttribute('data-modal') || link.getAttribute('role') === 'tab') return;
    const hash = link.getAttribute('href')!;
    if (hash.length < 2) return;
    let target: Element | null = null;
    try {
      target = document.getElementById(decodeURIComponent(hash.slice(1))) ?? document.querySelector(`a[name="${CSS.escape(hash.slice(1))}"]`);
    } catch {
      return;
    }
    if (!target) return;
    event.preventDefault();
    if (target.closest('.modal')) {
      target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    animateScrollTo(target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET);
    history.pushState(null, '', hash);
  });
}
