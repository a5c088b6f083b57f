import { defineModule } from '../../kernel/module';

/** Work orders (bons de travail) of prevention plans. */
export const workOrderModule = defineModule({
  name: 'work-order',
  routes: [],
});
