import { defineModule } from '../../kernel/module';
import type { ProjectPart } from './project-part';
import { projectCorePart } from './core/core.part';
import { projectTaskPart } from './task/task.part';
import { projectGanttPart } from './gantt/gantt.part';

/** The parts of the project module, projects first (the others' demo data uses the demo projects). */
const PROJECT_PARTS: ProjectPart[] = [projectCorePart, projectTaskPart, projectGanttPart];

/** Projects with tasks and gantt (issue 10). */
export const projectModule = defineModule({
  name: 'project',
  routes: PROJECT_PARTS.flatMap((p) => p.routes).map((r) => ({ toggle: 'module_projects', ...r })),
  demo: async (db, tenantId) => {
    for (const p of PROJECT_PARTS) if (p.demo) await p.demo(db, tenantId);
  },
  schedule: async (db) => {
    for (const p of PROJECT_PARTS) if (p.schedule) await p.schedule(db);
  },
  contributes: PROJECT_PARTS.flatMap((p) => p.contributes ?? []),
});
