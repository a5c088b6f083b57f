import path from 'node:path';
import { renderTemplate } from '../http/templates';
import { ROOT_DIR } from '../config';
import { formatDateTime } from '../i18n/format';
import type { HistoryView } from './history.service';

/** The shared history table partial. */
export const HISTORY_PARTIAL = path.join(ROOT_DIR, 'views', 'partials', '_history.ejs');

/** HTML of a record's history table (dates DD/MM/YYYY HH:mm, Paris time), or its empty state. */
export async function renderHistory(input: { entries: HistoryView[]; t: (key: string) => string }): Promise<string> {
  return renderTemplate(HISTORY_PARTIAL, { entries: input.entries, t: input.t, formatDateTime });
}
