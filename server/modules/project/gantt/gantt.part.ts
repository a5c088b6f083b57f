import { contribute } from '../../../kernel/extension';
import type { ProjectPart } from '../project-part';
import { projectPageTabs } from '../project-tabs';
import { projectTaskGantt, projectTaskUpdate } from './gantt.handlers';
import { GANTT_TAB } from './gantt.tab';

/** The gantt: its JSON, its updates and the gantt tab. */
export const projectGanttPart: ProjectPart = {
  routes: [
    { name: 'project_task_gantt', method: 'GET', path: '/projects/{id}/gantt/tasks', right: 'project.view', handler: projectTaskGantt },
    // The spec lists it as a call without parameters in the path: the task id travels in the body.
    { name: 'project_task_update', method: 'POST', path: '/projects/tasks/gantt-update', right: 'project.view', handler: projectTaskUpdate },
  ],
  contributes: [contribute(projectPageTabs, GANTT_TAB)],
};
