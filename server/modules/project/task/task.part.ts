import type { ProjectPart } from '../project-part';

/** Tasks, milestones, scheduled tasks, task lists (my tasks, by member, planning). */
export const projectTaskPart: ProjectPart = {
  routes: [],
};
