import type { Request } from 'express';
import type { WorkOrderAbilities } from './work-order.access';
import { mayFill, workOrderChecklists, type WorkOrderChecklist } from './work-order-checklists';
import type { WorkOrderRecord } from './work-order.service';
import { workOrderZonePanel } from './work-order-zones';

/** What the work order page shows besides its fields: the checklists and the zone map with its coactivities. */
export async function workOrderExtras(req: Request, wo: WorkOrderRecord, abilities: WorkOrderAbilities): Promise<{ checklists: WorkOrderChecklist[]; canFill: boolean; zoneMap: string }> {
  return {
    checklists: await workOrderChecklists(req, wo),
    canFill: mayFill(wo, abilities),
    zoneMap: await workOrderZonePanel(req, wo, abilities),
  };
}
