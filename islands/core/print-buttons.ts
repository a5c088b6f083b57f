/** `[data-print]` buttons print the page (the CSP forbids inline `onclick` handlers). */
export function installPrintButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest('[data-print]');
    if (!button) return;
    event.preventDefault();
    window.print();
  });
}
