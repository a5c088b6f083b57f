import type { Request } from 'express';
import { defineWidgetRoute, type WidgetData } from '../../../kernel/dashboard/widget';
import { listLevels } from '../core/du-lists.service';
import { loadDuScope } from '../core/du-scope';
import { countByGroupAndLevel, GROUPS, type IndicatorGroup } from './indicators.service';

/** How many groups a chart shows before putting the rest together. */
export const TOP_GROUPS = 12;
const NO_LEVEL_COLOR = '#adb5bd';

/**
 * The counts per priority level of each group, as stacked bars coloured by level (the levels in
 * their order, least critical first, then « Aucun niveau » when a line has none): the groups with
 * the most lines first, the rest together; a bar opens the document filtered on its group.
 */
export async function levelBreakdown(req: Request, group: IndicatorGroup): Promise<WidgetData> {
  const user = req.authUser!;
  const scope = await loadDuScope(req.ctx.db, user);
  const [counts, levels] = await Promise.all([countByGroupAndLevel(req.ctx.db, user.tenantId, scope, group), listLevels(req.ctx.db, user.tenantId)]);
  const groups = new Map<string, { id: number | null; name: string; total: number; byLevel: Map<number | null, number> }>();
  for (const c of counts) {
    const key = String(c.groupId);
    const g = groups.get(key) ?? { id: c.groupId, name: c.groupName ?? req.t(`du-actions.indicators.none.${group}`), total: 0, byLevel: new Map() };
    g.total += c.count;
    g.byLevel.set(c.levelId, (g.byLevel.get(c.levelId) ?? 0) + c.count);
    groups.set(key, g);
  }
  const sorted = [...groups.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'fr'));
  const shown = sorted.slice(0, TOP_GROUPS);
  const rest = sorted.slice(TOP_GROUPS);
  const columns = shown.map((g) => ({ label: g.name, byLevel: g.byLevel, link: g.id === null ? null : req.ctx.routes.path('unique_document_index', { [GROUPS[group].filter]: g.id }) }));
  if (rest.length) {
    const merged = new Map<number | null, number>();
    for (const g of rest) for (const [level, n] of g.byLevel) merged.set(level, (merged.get(level) ?? 0) + n);
    columns.push({ label: req.t('du-actions.indicators.others', { count: rest.length }), byLevel: merged, link: null });
  }
  const levelKeys: Array<{ id: number | null; label: string; color: string }> = levels.map((l) => ({ id: l.id, label: l.label, color: l.color }));
  if (counts.some((c) => c.levelId === null || !levels.some((l) => l.id === c.levelId))) levelKeys.push({ id: null, label: req.t('du-actions.indicators.no_level'), color: NO_LEVEL_COLOR });
  const known = new Set(levels.map((l) => l.id));
  const series = levelKeys.map((l) => ({
    label: l.label,
    color: /^#[0-9a-f]{6}$/i.test(l.color) ? l.color : NO_LEVEL_COLOR,
    data: columns.map((c) => (l.id === null ? [...c.byLevel].filter(([id]) => id === null || !known.has(id)).reduce((s, [, n]) => s + n, 0) : c.byLevel.get(l.id) ?? 0)),
  }));
  const data: WidgetData = { labels: columns.map((c) => c.label), series, total: counts.reduce((s, c) => s + c.count, 0), stacked: true };
  if (columns.some((c) => c.link)) data.links = columns.map((c) => c.link);
  return data;
}

const widget = (group: IndicatorGroup, name: string, slug: string) => defineWidgetRoute({
  name, path: `/dashboard/risk-evaluation/${slug}`, right: 'unique_document.view', toggle: 'module_unique_document',
  compute: (req) => levelBreakdown(req, group),
});

/** Spec (seed 001 §2.3): risk evaluation by activity (work unit), danger family, workstation, hierarchy. */
export const byWorkUnitWidget = widget('work_unit', 'risk_evaluation_dashboard_by_work_unit', 'by-work-unit');
export const byDangerFamilyWidget = widget('danger_family', 'risk_evaluation_dashboard_by_danger_family', 'by-danger-family');
export const byWorkstationWidget = widget('workstation', 'risk_evaluation_dashboard_by_workstation', 'by-workstation');
export const byHierarchyWidget = widget('hierarchy', 'risk_evaluation_dashboard_by_hierarchy', 'by-hierarchy');
