/**
 * The rich-text editors of the page, filled by rich-text.ts (its own chunk, loaded by the first
 * `textarea[data-richtext]`), read by the submit check installed at start.
 */
export const richTextEditors = new WeakMap<HTMLTextAreaElement, { sync(): void; validate(): boolean }>();

/** Syncs the editors of a form before it is submitted and refuses empty required ones. */
export function installRichTextSubmit(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!(form instanceof HTMLFormElement)) return;
      const skipValidation = form.noValidate || (event.submitter as HTMLButtonElement | null)?.formNoValidate;
      let valid = true;
      form.querySelectorAll<HTMLTextAreaElement>('textarea[data-richtext]').forEach((area) => {
        const editor = richTextEditors.get(area);
        if (!editor) return;
        if (skipValidation) editor.sync();
        else if (!editor.validate()) valid = false;
      });
      if (!valid) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true,
  );
}
