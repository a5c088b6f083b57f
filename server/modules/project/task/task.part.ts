import { contribute } from '../../../kernel/extension';
import { homeCards } from '../../../kernel/home-cards';
import { jobHandlers } from '../../../kernel/jobs';
import type { ProjectPart } from '../project-part';
import { projectPageTabs } from '../project-tabs';
import * as h from './task.handlers';
import * as l from './task-lists.handlers';
import { scheduleScheduledTasks, scheduledTasksHandler } from './scheduled-task.job';
import { taskDemo } from './task.demo';
import { tasksTab } from './task.tab';
import { myTasksCard } from './task-home';

const V = 'project.view';
const FORM: Array<'GET' | 'POST'> = ['GET', 'POST'];

/** Tasks, milestones, scheduled tasks, task lists (my tasks, by member, planning). */
export const projectTaskPart: ProjectPart = {
  routes: [
    { name: 'project_my_tasks', method: 'GET', path: '/projects/my-tasks', right: V, handler: l.myTasks },
    { name: 'project_tasks_by_member', method: 'GET', path: '/projects/tasks-by-member', right: V, handler: l.tasksByMember },
    { name: 'project_planning', method: 'GET', path: '/projects/planning', right: V, handler: l.planning },
    { name: 'project_task_add', method: FORM, path: '/projects/{id}/tasks/new', right: V, handler: h.taskAdd },
    { name: 'project_task_milestone_add', method: FORM, path: '/projects/{id}/milestones/new', right: V, handler: h.milestoneAdd },
    { name: 'project_task_show', method: 'GET', path: '/projects/{id}/tasks/{taskId}', right: V, handler: h.taskShow },
    { name: 'project_task_edit', method: FORM, path: '/projects/tasks/{id}/edit', right: V, handler: h.taskEdit },
    { name: 'project_task_milestone_edit', method: FORM, path: '/projects/milestones/{id}/edit', right: V, handler: h.milestoneEdit },
    { name: 'project_task_remove', method: 'POST', path: '/projects/tasks/{id}/remove', right: V, handler: h.taskRemove },
    { name: 'project_task_done', method: FORM, path: '/projects/tasks/{id}/done', right: V, handler: h.taskDone },
    // The calendar moves tasks without project too: the handler checks the project's tasks ability or `project.tasks`.
    { name: 'project_task_update_dates', method: 'POST', path: '/projects/tasks/{id}/dates', right: 'authenticated', handler: h.taskUpdateDates },
    { name: 'project_scheduled_task_add', method: FORM, path: '/projects/{id}/scheduled-tasks/new', right: V, handler: h.scheduledAdd },
    { name: 'project_scheduled_task_edit', method: FORM, path: '/projects/scheduled-tasks/{id}/edit', right: V, handler: h.scheduledEdit },
    { name: 'project_scheduled_task_remove', method: 'POST', path: '/projects/scheduled-tasks/{id}/remove', right: V, handler: h.scheduledRemove },
  ],
  demo: taskDemo,
  schedule: scheduleScheduledTasks,
  contributes: [
    contribute(projectPageTabs, tasksTab),
    contribute(homeCards, myTasksCard),
    contribute(jobHandlers, scheduledTasksHandler),
  ],
};
