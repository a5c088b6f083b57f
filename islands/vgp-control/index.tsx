import { createRoot } from 'react-dom/client';
import { ControlApp } from './ControlApp';
import type { ControlProps } from './types';

export type { ControlProps };

/** Island contract: the four-step control (props from server/modules/equipment/control/control-props.ts). */
export function mount(el: HTMLElement, props: ControlProps): () => void {
  const root = createRoot(el);
  root.render(<ControlApp {...props} />);
  return () => root.unmount();
}
