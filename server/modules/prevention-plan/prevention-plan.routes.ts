import { defineModule } from '../../kernel/module';
import { PLAN_COMPANY_ROUTES } from './plan-company.routes';
import { PLAN_STAFF_ROUTES } from './plan-staff.routes';
import { PLAN_INDICATOR_ROUTES } from './plan-indicators.routes';

/** The prevention plan (pdp / intervention): the plan, its companies, staff and indicators. */
export const preventionPlanModule = defineModule({
  name: 'prevention-plan',
  routes: [
    ...PLAN_COMPANY_ROUTES,
    ...PLAN_STAFF_ROUTES,
    ...PLAN_INDICATOR_ROUTES,
  ],
});
