import type { TestApp } from '../../support/app';

/** Projects, members and tasks written straight in SQL (the project and task forms belong to other parts). */
export function ganttFixtures(t: TestApp) {
  const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
  const id = async (sql: string, params: unknown[]) => Number((await q(sql, params))[0].id);
  return {
    q,
    project: (tenantId: number, label: string, opts: { createdBy?: number | null; state?: string } = {}) =>
      id(`INSERT INTO project (tenant_id, label, state, created_by_id) VALUES ($1, $2, $3, $4) RETURNING id`, [tenantId, label, opts.state ?? 'in_progress', opts.createdBy ?? null]),
    member: (tenantId: number, projectId: number, userId: number, opts: { manager?: boolean } = {}) =>
      id(`INSERT INTO project_member (tenant_id, project_id, user_id, is_project_manager) VALUES ($1, $2, $3, $4) RETURNING id`, [tenantId, projectId, userId, !!opts.manager]),
    task: (tenantId: number, projectId: number | null, label: string, start: string, end: string, opts: {
      assignee?: number | null; parent?: number | null; progress?: number; state?: string; milestone?: boolean; initial?: boolean; initialStart?: string; initialEnd?: string;
    } = {}) =>
      id(`INSERT INTO project_task (tenant_id, project_id, label, start_at, end_at, assignee_id, parent_id, progress, state, is_milestone, is_initial_planning, initial_start_at, initial_end_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [tenantId, projectId, label, start, end, opts.assignee ?? null, opts.parent ?? null, opts.progress ?? 0, opts.state ?? 'todo', !!opts.milestone, !!opts.initial,
        opts.initialStart ?? null, opts.initialEnd ?? null]),
    /** An employee linked to the user, with an approved leave from `start` to `end` (`YYYY-MM-DD`). */
    approvedLeave: async (tenantId: number, userId: number, start: string, end: string) => {
      const employee = await id('INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, 'Camille', 'Test', userId]);
      await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', $3, $4, 'approved')`, [tenantId, employee, start, end]);
      return employee;
    },
  };
}
