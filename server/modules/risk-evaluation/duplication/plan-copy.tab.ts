import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import type { PlanTab } from '../../prevention-plan';

/**
 * The plan page's « Document unique » tab, after the risk analysis (40): the button opening the
 * modal that copies the analysis's risks into the document of the plan's entity.
 */
export const planCopyTab: PlanTab = {
  key: 'unique_document',
  labelKey: 'du-actions.plan_copy.tab',
  icon: 'journal-text',
  order: 42,
  toggle: 'module_unique_document',
  visible: (user) => can(user, 'unique_document.add'),
  render: (req, plan) => renderView(req.res!, 'risk-evaluation/duplication/_plan_tab', { plan }),
};
