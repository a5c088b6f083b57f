import type { PageTab } from '../../../kernel/page-tabs';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import type { EquipmentSubject } from '../core/equipment-tabs';
import { equipmentActions, equipmentHistory, HISTORY_LIMIT } from './equipment-history.service';

/** The equipment page's past controls (« Historique », order 25): date, control, controller, result, report. */
export const historyTab: PageTab<EquipmentSubject> = {
  key: 'history', labelKey: 'vgp-control.tabs.history', icon: 'clock-history', order: 25,
  visible: (user) => can(user, 'vgp.controls_view'),
  render: async (req, s) => renderView(req.res!, 'equipment/control/_tab_history', {
    rows: await equipmentHistory(req.ctx.db, s.tenantId, s.id), limit: HISTORY_LIMIT,
  }),
};

/** The actions the equipment's controls raised (« Actions », order 50), with `vgp.equipment_actions`. */
export const actionsTab: PageTab<EquipmentSubject> = {
  key: 'actions', labelKey: 'vgp-control.tabs.actions', icon: 'list-check', order: 50,
  visible: (user) => can(user, 'vgp.equipment_actions'),
  badge: async (req, s) => {
    const open = (await equipmentActions(req.ctx.db, s.tenantId, s.id)).filter((a) => a.status !== 'CLOSED' && a.status !== 'ABANDONED').length;
    return open || null;
  },
  render: async (req, s) => renderView(req.res!, 'equipment/control/_tab_actions', {
    rows: await equipmentActions(req.ctx.db, s.tenantId, s.id),
    canOpen: can(req.authUser!, 'action.view'),
  }),
};
