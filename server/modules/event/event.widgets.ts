import { defineWidgetRoute, widgetFromCounts } from '../../kernel/dashboard/widget';
import { visibleEventsSql } from './event.policy';

/** How many hierarchy items the chart shows before grouping the rest. */
const TOP_ITEMS = 12;

/**
 * `GET /dashboard/event/by-hierarchy`: the events the user may see, counted by hierarchy item
 * (the item the event is attached to); a bar opens the list filtered on that item.
 */
export const eventsByHierarchyWidget = defineWidgetRoute({
  name: 'event_dashboard_by_hierarchy',
  path: '/dashboard/event/by-hierarchy',
  right: 'event.view',
  toggle: 'module_events',
  compute: async (req) => {
    const user = req.authUser!;
    const rows: Array<{ id: number | null; name: string | null; count: number }> = await req.ctx.db.query(
      `SELECT i.id, i.name, count(*)::int AS count
         FROM event e LEFT JOIN hierarchy_item i ON i.id = e.hierarchy_item_id AND i.deleted_at IS NULL
        WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND ${visibleEventsSql(user, '$2')}
        GROUP BY i.id, i.name ORDER BY count(*) DESC, i.name NULLS LAST`,
      [user.tenantId, user.id],
    );
    const shown = rows.slice(0, TOP_ITEMS);
    const rest = rows.slice(TOP_ITEMS).reduce((sum, r) => sum + r.count, 0);
    const counts = shown.map((r) => ({
      label: r.name ?? req.t('event.widget.no_item'),
      count: r.count,
      link: r.id ? req.ctx.routes.path('event_index', { item: r.id }) : undefined,
    }));
    if (rest) counts.push({ label: req.t('event.widget.other_items'), count: rest, link: undefined });
    return widgetFromCounts(req.t('event.widget.series'), counts);
  },
});
