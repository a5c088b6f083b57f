/** Escapes text for safe insertion into HTML markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Every element matching `selector` inside `root`, `root` itself included. */
export function queryAllIncludingSelf<T extends Element = HTMLElement>(root: ParentNode, selector: string): T[] {
  const found = Array.from(root.querySelectorAll<T>(selector));
  if (root instanceof Element && root.matches(selector)) found.unshift(root as unknown as T);
  return found;
}

/** Parses an HTML string into a fragment (scripts inert, as with innerHTML). */
export function htmlToFragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  return template.content;
}
