import { defineModule } from '../../kernel/module';

/** Work permits of every type of `permit-types.ts`, built from one mechanism. */
export const permitModule = defineModule({
  name: 'permit',
  routes: [],
});
