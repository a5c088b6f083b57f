import type { ExportColumn } from '../../kernel/table-export';

/** Columns of the action plan export, in order (labels: `action-plan.csv.<column>`). */
export const CSV_COLUMNS = ['id', 'status', 'level', 'comments', 'complement', 'immediate', 'assignee', 'creator', 'deadline', 'closure_date', 'source', 'hierarchy_item', 'service', 'created_at'] as const;

/** How each column's cells are written (CSV text, workbook cell): the number and the days; text otherwise. */
export const CSV_TYPES: Partial<Record<(typeof CSV_COLUMNS)[number], ExportColumn['type']>> = {
  id: 'integer', deadline: 'date', closure_date: 'date', created_at: 'date',
};
