import { createRoot } from 'react-dom/client';
import { SignatureField, type SignatureProps } from './SignatureField';

export type { SignatureProps };

/**
 * Island contract: the signature pad (canvas, "Effacer", "Enregistrer"). Reused by the
 * profile screen (saveUrl + imageUrl) and, later, by plan and permit signature forms
 * (inputName / nameEnabled / granted / addGranted, no saveUrl).
 */
export function mount(el: HTMLElement, props: SignatureProps): () => void {
  const root = createRoot(el);
  root.render(<SignatureField {...props} />);
  return () => root.unmount();
}
