// frappe-gantt 1.x ships no types: the part of its API the island uses.
declare module 'frappe-gantt' {
  interface GanttTaskInput {
    id: string;
    name: string;
    start: string;
    end: string;
    progress: number;
    dependencies?: string;
    custom_class?: string;
  }
  interface GanttInternalTask extends GanttTaskInput {
    _start: Date;
    _end: Date;
  }
  interface GanttPopupContext {
    task: GanttInternalTask;
    set_title(html: string): void;
    set_subtitle(html: string): void;
    set_details(html: string): void;
  }
  interface GanttOptions {
    view_mode?: string;
    view_modes?: Array<string | Record<string, unknown>>;
    bar_height?: number;
    padding?: number;
    upper_header_height?: number;
    lower_header_height?: number;
    language?: string;
    readonly?: boolean;
    readonly_dates?: boolean;
    readonly_progress?: boolean;
    move_dependencies?: boolean;
    today_button?: boolean;
    view_mode_select?: boolean;
    scroll_to?: string | null;
    container_height?: number | 'auto';
    popup_on?: 'click' | 'hover';
    popup?: false | ((ctx: GanttPopupContext) => string | false | void);
    on_date_change?: (task: GanttInternalTask, start: Date, end: Date) => void;
    on_progress_change?: (task: GanttInternalTask, progress: number) => void;
    on_view_change?: (mode: { name: string }) => void;
  }
  export default class Gantt {
    constructor(wrapper: HTMLElement | SVGElement | string, tasks: GanttTaskInput[], options?: GanttOptions);
    tasks: GanttInternalTask[];
    $container: HTMLElement;
    change_view_mode(mode?: string, maintain_pos?: boolean): void;
    update_task(id: string, details: Partial<GanttInternalTask>): void;
    scroll_current(): void;
    refresh(tasks: GanttTaskInput[]): void;
    hide_popup(): void;
    clear(): void;
    /** Lists the chart's columns from `gantt_start` (called on each redraw and when the chart grows). */
    setup_date_values(): void;
  }
}
