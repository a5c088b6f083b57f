import { defineModule } from '../../kernel/module';

/** Module `crm` (issue 5). */
export const crmModule = defineModule({
  name: 'crm',
  routes: [],
});
