import type { EntityManager } from 'typeorm';
import { can } from '../../../kernel/rights/registry';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { isSystemActor } from '../../../kernel/rights/system-actor';
import { defineWorkflow } from '../../../kernel/workflow';
import { PROJECT_STATES } from '../project.entity';

/** What the project guards read: the row plus its managers (members flagged project manager or manages project). */
export interface ProjectSubject extends Record<string, unknown> {
  state: string;
  managerIds?: number[];
}

const NOT_ALLOWED = 'project.workflow.not_allowed';

/** May change the project's state: `project.edit`, or a manager of the project. */
export function mayDriveProject(subject: ProjectSubject, { user }: { user: AuthUser }): string | null {
  return can(user, 'project.edit') || (subject.managerIds ?? []).includes(user.id) ? null : NOT_ALLOWED;
}

/** Only the daily job marks a project late. */
export function onlyTheDailyJob(_subject: ProjectSubject, { user }: { user: AuthUser }): string | null {
  return isSystemActor(user) ? null : NOT_ALLOWED;
}

/**
 * Project states (seed 002) and the pairs we chose (docs/project.md): a project is started,
 * completed (from in progress or late), archived (read-only), reopened; the daily job marks
 * late an unstarted or in-progress project whose expected end has passed.
 */
export const projectWorkflow = defineWorkflow<ProjectSubject>({
  name: 'project',
  property: 'state',
  initial: 'unstarted',
  places: [...PROJECT_STATES],
  labels: Object.fromEntries(PROJECT_STATES.map((s) => [s, `project.state.${s}`])),
  subjectTable: 'project',
  subjectType: 'project',
  enrich: async (subject, manager: EntityManager) => {
    const rows: Array<{ user_id: number }> = await manager.query(
      'SELECT user_id FROM project_member WHERE project_id = $1 AND (is_project_manager OR manages_project)', [subject.id]);
    subject.managerIds = rows.map((r) => Number(r.user_id));
  },
  transitions: {
    start: { from: ['unstarted'], to: 'in_progress', right: 'project.view', style: 'primary', label: 'project.transitions.start', guards: [mayDriveProject] },
    complete: {
      from: ['in_progress', 'late'], to: 'completed', right: 'project.view', style: 'success', label: 'project.transitions.complete', comment: 'optional',
      guards: [mayDriveProject],
    },
    archive: {
      from: ['unstarted', 'completed'], to: 'archived', right: 'project.view', style: 'outline-secondary', label: 'project.transitions.archive',
      confirm: 'project.transitions.archive_confirm', guards: [mayDriveProject],
    },
    reopen: {
      from: ['completed', 'archived'], to: 'in_progress', right: 'project.view', style: 'outline-primary', label: 'project.transitions.reopen', comment: 'optional',
      guards: [mayDriveProject],
    },
    mark_late: { from: ['unstarted', 'in_progress'], to: 'late', label: 'project.transitions.mark_late', guards: [onlyTheDailyJob] },
  },
});
