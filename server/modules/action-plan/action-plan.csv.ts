/** Columns of the action plan export, in order (labels: `action-plan.csv.<column>`). */
export const CSV_COLUMNS = ['id', 'status', 'level', 'comments', 'complement', 'immediate', 'assignee', 'creator', 'deadline', 'closure_date', 'source', 'hierarchy_item', 'service', 'created_at'] as const;
