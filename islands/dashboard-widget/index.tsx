import { mountDashboardWidget, type DashboardWidgetProps } from '../dashboard/dashboard-widget';

export type { DashboardWidgetProps };

/**
 * Island contract of `data-island="dashboard-widget"` (rendered by `views/partials/_widget.ejs`):
 * the code lives in `islands/dashboard/`, this folder only names the island. Plain DOM, so the
 * dashboards do not download React.
 */
export function mount(el: HTMLElement, props: DashboardWidgetProps): () => void {
  return mountDashboardWidget(el, props);
}
