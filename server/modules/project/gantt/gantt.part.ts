import type { ProjectPart } from '../project-part';

/** The gantt: its JSON, its updates and the gantt tab. */
export const projectGanttPart: ProjectPart = {
  routes: [],
};
