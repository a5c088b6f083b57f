import { createRoot } from 'react-dom/client';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './calendar.css';
import { CalendarApp, type CalendarProps } from './CalendarApp';

export type { CalendarProps };

/**
 * Island contract: the shared calendar (react-big-calendar with drag and drop). Props come from
 * `calendarIndex` (server/modules/calendar/calendar.handlers.ts).
 */
export function mount(el: HTMLElement, props: CalendarProps): () => void {
  const root = createRoot(el);
  root.render(<CalendarApp {...props} />);
  return () => root.unmount();
}
