import { createRoot } from 'react-dom/client';
import 'frappe-gantt/dist/frappe-gantt.css';
import { GanttChart, type GanttProps } from './GanttChart';
import './gantt.css';

export type { GanttProps };

/**
 * Island contract: the gantt of a project (frappe-gantt). Props come from `ganttProps`
 * (server/modules/project/gantt/gantt.tab.ts).
 */
export function mount(el: HTMLElement, props: GanttProps): () => void {
  const root = createRoot(el);
  root.render(<GanttChart {...props} />);
  return () => root.unmount();
}
