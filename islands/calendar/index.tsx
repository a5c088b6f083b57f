import { createRoot } from 'react-dom/client';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './calendar.css';
import { CalendarApp, type CalendarProps } from './CalendarApp';
import { loadCalendarLocale } from './calendar-locale';

export type { CalendarProps };

/**
 * Island contract: the shared calendar (react-big-calendar; drag and drop in a chunk of its own,
 * drag-and-drop.ts, loaded when a user who may move something points at the grid). Props come from
 * `calendarIndex` (server/modules/calendar/calendar.handlers.ts). It is drawn once the month and
 * day names of the user's locale are loaded: never in another language first.
 */
export function mount(el: HTMLElement, props: CalendarProps): () => void {
  const root = createRoot(el);
  let unmounted = false;
  void loadCalendarLocale(props.locale).then((culture) => {
    if (!unmounted) root.render(<CalendarApp {...props} culture={culture} />);
  });
  return () => {
    unmounted = true;
    root.unmount();
  };
}
