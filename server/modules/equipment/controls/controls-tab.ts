import type { PageTab } from '../../../kernel/page-tabs';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import { DEADLINE_COLOURS } from '../core/deadline';
import type { EquipmentSubject } from '../core/equipment-tabs';
import { listControls } from './controls-list.service';
import { listFilterSchema } from './controls.schema';

const NO_FILTER = listFilterSchema.parse({});

/** The equipment page's « Contrôles » tab (order 20): its controls with state, last and next date, and « Ajouter un contrôle ». */
export const controlsTab: PageTab<EquipmentSubject> = {
  key: 'controls', labelKey: 'vgp-controls.tab.label', icon: 'clipboard-check', order: 20,
  visible: (user) => can(user, 'vgp.controls_view'),
  badge: async (req, equipment) => {
    const { rows } = await listControls(req.ctx.db, req.authUser!, { equipmentId: equipment.id }, NO_FILTER, null);
    return rows.length || null;
  },
  render: async (req, equipment) => {
    const [active, archived] = await Promise.all([
      listControls(req.ctx.db, req.authUser!, { equipmentId: equipment.id }, NO_FILTER, null),
      listControls(req.ctx.db, req.authUser!, { equipmentId: equipment.id }, { ...NO_FILTER, archived: '1' }, null),
    ]);
    return renderView(req.res!, 'equipment/controls/_tab', {
      equipment, rows: active.rows, archivedRows: archived.rows, colours: DEADLINE_COLOURS, canManage: can(req.authUser!, 'vgp.controls_manage'),
    });
  },
};
