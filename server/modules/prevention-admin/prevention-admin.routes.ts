import { defineModule } from '../../kernel/module';

/** Module `prevention-admin` (issue 5). */
export const preventionAdminModule = defineModule({
  name: 'prevention-admin',
  routes: [],
});
