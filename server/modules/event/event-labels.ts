import type { HistoryView } from '../../kernel/history/history.service';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The name of an event's kind: its custom type's name, or the kind's translation. */
export function kindLabel(t: T, kind: string, typeName: string | null): string {
  return kind === 'custom' && typeName ? typeName : t(`event.kinds.${kind}`);
}

/**
 * History rows with this module's labels: transitions and states from `event.transitions` /
 * `event.status`, other steps (created, edited, files...) from `event.history`.
 */
export function eventHistoryLabels(entries: HistoryView[]): HistoryView[] {
  return entries.map((e) => ({
    ...e,
    actionLabel: e.workflow ? `event.transitions.${e.transition}` : `event.history.${e.transition}`,
    fromLabel: e.from ? `event.status.${e.from}` : null,
    toLabel: e.to ? `event.status.${e.to}` : null,
  }));
}
