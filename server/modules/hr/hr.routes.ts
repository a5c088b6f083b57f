import { defineModule } from '../../kernel/module';
import type { HrPart } from './hr-part';
import { employeePart } from './employee/employee.part';
import { trainingPart } from './training/training.part';
import { healthPart } from './health/health.part';
import { timePart } from './time/time.part';

/** The parts of HR, employees first (the others' demo data uses the demo employees). */
const HR_PARTS: HrPart[] = [employeePart, trainingPart, healthPart, timePart];

/** Human resources (issue 9): employees, training, health, leave, work time, statistics. */
export const hrModule = defineModule({
  name: 'hr',
  routes: HR_PARTS.flatMap((p) => p.routes).map((r) => ({ toggle: 'module_hr', ...r })),
  demo: async (db, tenantId) => {
    for (const p of HR_PARTS) if (p.demo) await p.demo(db, tenantId);
  },
  schedule: async (db) => {
    for (const p of HR_PARTS) if (p.schedule) await p.schedule(db);
  },
  contributes: HR_PARTS.flatMap((p) => p.contributes ?? []),
});
