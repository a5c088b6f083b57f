import { clock } from '../../../kernel/clock';
import { formatDate } from '../../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../../kernel/home-cards';
import { myTasks } from './task-lists.service';

/** Home card of everyone on projects: their open tasks, by start. */
export const myTasksCard: HomeCard = {
  key: 'my-tasks', order: 20, titleKey: 'project-task.home.title', icon: 'list-check', right: 'project.view', toggle: 'module_projects',
  emptyKey: 'project-task.home.empty',
  moreUrl: (req) => req.ctx.routes.path('project_my_tasks'),
  load: async (req) => {
    const { rows, total } = await myTasks(req.ctx.db, req.authUser!, 'open', { page: 1, offset: 0, perPage: HOME_CARD_ITEMS });
    const now = clock.now().getTime();
    return {
      count: total,
      items: rows.map((r) => ({
        label: r.label,
        detail: req.t('project-task.home.detail', { project: r.projectLabel ?? req.t('project-task.home.calendar'), date: formatDate(r.endAt) }),
        url: r.projectId ? req.ctx.routes.path('project_show', { id: r.projectId, tab: 'tasks' }) : req.ctx.routes.path('calendar_index'),
        badge: r.endAt.getTime() < now ? { text: req.t('project-task.home.late'), tone: 'danger' as const }
          : r.state === 'in_progress' ? { text: `${r.progress} %`, tone: 'info' as const } : undefined,
      })),
    };
  },
};
