import type { Calendar } from 'react-big-calendar';
import withDragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import type { CalendarEvent } from './calendar-model';

/**
 * Moving and resizing, in their own chunk: CalendarApp loads it when a user who may move something
 * first points at the grid. The addon is CommonJS and brings its own copy of the library's
 * selection and event rows (a quarter of the calendar's code), which the page no longer downloads
 * for users who only look, nor before a pointer comes near the grid.
 *
 * The calendar is CalendarApp's, passed in: imported here, the library would be reached from two
 * chunks and the bundler would split Popper out of the chunk every page shares.
 */
export function withMoves(calendar: typeof Calendar) {
  return withDragAndDrop<CalendarEvent>(calendar);
}

export type DnDCalendarComponent = ReturnType<typeof withMoves>;
