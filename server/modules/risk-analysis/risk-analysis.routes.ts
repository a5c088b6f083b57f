import { defineModule } from '../../kernel/module';

/** Module `risk-analysis` (issue 5). */
export const riskAnalysisModule = defineModule({
  name: 'risk-analysis',
  routes: [],
});
