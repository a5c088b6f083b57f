import { pageTabRegistry } from '../../../kernel/page-tabs';

/** What an equipment page's tabs receive: the equipment row, already checked for tenant and scope. */
export interface EquipmentSubject {
  id: number;
  tenantId: number;
  name: string;
  hierarchyItemId: number | null;
  archived: boolean;
  version: number;
}

/**
 * The tabs of the equipment page (general, controls, maintenance book, parts, actions): each part
 * contributes its own (`contribute(equipmentPageTabs, tab)`).
 */
export const equipmentPageTabs = pageTabRegistry<EquipmentSubject>('equipment');
