import type { Request } from 'express';
import { resolvePlan, type PlanRef, type PlanTab } from '../prevention-plan';
import { zoneMapPanel } from './zone-map.panel';

/** The plan's sector (the map opens on its plan image). */
async function planSector(req: Request, plan: PlanRef): Promise<number | null> {
  const [row] = await req.ctx.db.query('SELECT sector_id FROM prevention_plan WHERE tenant_id = $1 AND id = $2', [plan.tenantId, plan.id]);
  return row?.sector_id ? Number(row.sector_id) : null;
}

/** HTML of the plan's `map` tab: its zones on the sector plan, with the coactivities. */
export async function renderPlanMapTab(req: Request, plan: PlanRef): Promise<string> {
  const { abilities } = await resolvePlan(req, plan.id, 'view');
  return zoneMapPanel(req, { ownerType: 'prevention_plan', ownerId: plan.id, sectorId: await planSector(req, plan), canEdit: abilities.edit });
}

/** The plan page's map tab (86). */
export const planMapTab: PlanTab = { key: 'map', labelKey: 'zone-map.tab', icon: 'map', order: 86, render: renderPlanMapTab };
