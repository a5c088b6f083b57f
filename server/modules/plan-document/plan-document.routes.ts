import { defineModule } from '../../kernel/module';

/** Module `plan-document` (issue 5). */
export const planDocumentModule = defineModule({
  name: 'plan-document',
  routes: [],
});
