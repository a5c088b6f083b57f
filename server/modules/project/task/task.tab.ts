import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import { projectAbilities } from '../project-access';
import type { ProjectTab } from '../project-tabs';
import { listScheduledTasks } from './scheduled-task.service';
import { projectTaskTree } from './task.service';

/** The project page's tasks tab (30): the task tree and the scheduled tasks. */
export const tasksTab: ProjectTab = {
  key: 'tasks', labelKey: 'project-task.tab.label', icon: 'list-task', order: 30,
  visible: (user) => can(user, 'project.view'),
  badge: async (req, project) => {
    const [{ n }] = await req.ctx.db.query("SELECT count(*)::int AS n FROM project_task WHERE tenant_id = $1 AND project_id = $2 AND state <> 'done'", [project.tenantId, project.id]);
    return n || null;
  },
  render: async (req, project) => {
    const db = req.ctx.db;
    const user = req.authUser!;
    const tasks = await projectTaskTree(db, project.tenantId, project.id);
    return renderView(req.res!, 'project/task/_tab', {
      project, tasks, schedules: await listScheduledTasks(db, project.tenantId, project.id),
      abilities: await projectAbilities(db, user, project), userId: user.id,
    });
  },
};
