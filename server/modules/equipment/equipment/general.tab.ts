import type { PageTab } from '../../../kernel/page-tabs';
import { renderView } from '../../../kernel/http/render';
import { orNotFound } from '../../../kernel/http/respond';
import type { EquipmentSubject } from '../core/equipment-tabs';
import { findEquipment } from './equipment.service';

/** The equipment page's « Général » tab (order 10, first): identity, where it stands, category, photo and annex. */
export const generalTab: PageTab<EquipmentSubject> = {
  key: 'general', labelKey: 'equipment.equipment.tabs.general', icon: 'info-circle', order: 10,
  render: async (req, s) => renderView(req.res!, 'equipment/equipment/_tab_general', { record: orNotFound(await findEquipment(req.ctx.db, s.tenantId, s.id)) }),
};
