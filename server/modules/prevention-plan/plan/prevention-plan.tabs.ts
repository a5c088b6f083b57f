import type { Request } from 'express';
import { renderView } from '../../../kernel/http/render';
import { HttpError } from '../../../kernel/http/errors';
import { resolvePlan } from '../core/plan-access';
import { listAdvice } from '../core/plan-advice.service';
import { listParticipants } from '../core/plan-inspection.service';
import { inspectionTabLocals } from './plan-inspection-invitation.tab';
import { listMaterials, listMedicalWorks } from '../core/plan-material.service';
import type { PlanRef } from '../core/plan-ref';
import type { PlanTab } from '../core/plan-tabs';
import { renderPlanHistoryTab } from './plan-history.handlers';
import { findPlan, type PlanRecord } from '../core/prevention-plan.service';

// The page renders several of our tabs: the plan is read once per request.
const records = new WeakMap<Request, Promise<PlanRecord | null>>();
async function record(req: Request, plan: PlanRef): Promise<PlanRecord> {
  let p = records.get(req);
  if (!p) { p = findPlan(req.ctx.db, plan.tenantId, plan.id); records.set(req, p); }
  const found = await p;
  if (!found) throw new HttpError(404, 'errors.not_found.title');
  return found;
}

/** Renders `prevention-plan/plan/_tab_<view>` with the plan, the user's abilities and `extra`. */
async function tab(req: Request, plan: PlanRef, view: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { abilities } = await resolvePlan(req, plan.id, 'view');
  const res = req.res!;
  return renderView(res, `prevention-plan/plan/_tab_${view}`, { plan: await record(req, plan), abilities, ...extra });
}

/** The plan page's own tabs: intervention, description, materials, inspection, safety, advice, history (« Consignation » comes from the lockout module). */
export const PLAN_OWN_TABS: PlanTab[] = [
  { key: 'intervention', labelKey: 'prevention-plan.tabs.intervention', icon: 'clipboard-check', order: 10, render: (req, p) => tab(req, p, 'intervention') },
  { key: 'description', labelKey: 'prevention-plan.tabs.description', icon: 'card-text', order: 35, render: (req, p) => tab(req, p, 'description') },
  {
    key: 'materials', labelKey: 'prevention-plan.tabs.materials', icon: 'tools', order: 55,
    render: async (req, p) => tab(req, p, 'materials', {
      materials: await listMaterials(req.ctx.db, p.tenantId, p.id), medicalWorks: await listMedicalWorks(req.ctx.db, p.tenantId, p.id),
    }),
    badge: async (req, p) => (await listMaterials(req.ctx.db, p.tenantId, p.id)).length || null,
  },
  {
    key: 'inspection', labelKey: 'prevention-plan.tabs.inspection', icon: 'search', order: 60,
    render: async (req, p) => tab(req, p, 'inspection', { participants: await listParticipants(req.ctx.db, p.tenantId, p.id), ...(await inspectionTabLocals(req, p)) }),
  },
  { key: 'safety', labelKey: 'prevention-plan.tabs.safety', icon: 'heart-pulse', order: 65, render: (req, p) => tab(req, p, 'safety') },
  {
    key: 'advice', labelKey: 'prevention-plan.tabs.advice', icon: 'chat-left-text', order: 70,
    render: async (req, p) => tab(req, p, 'advice', { advice: await listAdvice(req.ctx.db, p.tenantId, p.id) }),
    badge: async (req, p) => (await listAdvice(req.ctx.db, p.tenantId, p.id)).length || null,
  },
  {
    key: 'history', labelKey: 'prevention-plan.tabs.history', icon: 'clock-history', order: 95,
    render: (req, p) => renderPlanHistoryTab(req, p),
  },
];
