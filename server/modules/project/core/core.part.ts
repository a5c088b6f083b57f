import type { ProjectPart } from '../project-part';

/** Projects, members, documents, comments, the project page and its lists. */
export const projectCorePart: ProjectPart = {
  routes: [],
};
