import type { Request } from 'express';
import { renderView } from '../../kernel/http/render';
import type { PlanRef, PlanTab } from '../prevention-plan';
import { mayAddPermit } from './permit.access';
import { listPlanPermits } from './permit.service';
import { PERMIT_TYPES, type PermitTypeDef } from './permit-types';

const FIRE = PERMIT_TYPES.filter((t) => t.key === 'fire');
const OTHERS = PERMIT_TYPES.filter((t) => t.key !== 'fire');

/** HTML of a plan tab listing the permits of `types`, one section per type with its add button. */
async function renderPermitsTab(req: Request, plan: PlanRef, types: PermitTypeDef[], key: string): Promise<string> {
  const rows = await listPlanPermits(req.ctx.db, plan.tenantId, plan.id, types.map((t) => t.key));
  // On a plan the rule does not depend on the type: asked once.
  const canAdd = await mayAddPermit(req, types[0], plan);
  const sections = types.map((type) => ({ type, rows: rows.filter((r) => r.type === type.key), canAdd }));
  return renderView(req.res!, 'permit/_plan_tab', { plan, sections, tabKey: key, grouped: types.length > 1 });
}

const count = (types: PermitTypeDef[]) => async (req: Request, plan: PlanRef) =>
  (await listPlanPermits(req.ctx.db, plan.tenantId, plan.id, types.map((t) => t.key))).length;

/** The plan page's permit tabs: fire permits (82), then the other types (84). */
export const PERMIT_PLAN_TABS: PlanTab[] = [
  { key: 'fire_permits', labelKey: 'permit.tabs.fire_permits', icon: 'fire', order: 82, render: (req, plan) => renderPermitsTab(req, plan, FIRE, 'fire_permits'), badge: count(FIRE) },
  { key: 'permits', labelKey: 'permit.tabs.permits', icon: 'file-earmark-check', order: 84, render: (req, plan) => renderPermitsTab(req, plan, OTHERS, 'permits'), badge: count(OTHERS) },
];
