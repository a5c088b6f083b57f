import { createRoot } from 'react-dom/client';
import { DashboardWidget, type DashboardWidgetProps } from '../dashboard/DashboardWidget';

export type { DashboardWidgetProps };

/**
 * Island contract of `data-island="dashboard-widget"` (rendered by `views/partials/_widget.ejs`):
 * the code lives in `islands/dashboard/`, this folder only names the island.
 */
export function mount(el: HTMLElement, props: DashboardWidgetProps): () => void {
  const root = createRoot(el);
  root.render(<DashboardWidget {...props} />);
  return () => root.unmount();
}
