import { defineWidgetRoute, widgetFromCounts } from '../../kernel/dashboard/widget';
import type { RouteDef } from '../../kernel/http/route-table';
import { countByStatus } from './security-protocol-list.service';
import { PROTOCOL_STATUSES } from './security-protocol.entity';

/**
 * Current protocols by state (the list's per-state counts, same rule: not archived, not in the
 * trash, visible to the user); a segment opens the list on that state.
 */
export const protocolStateWidget = defineWidgetRoute({
  name: 'pds_dashboard_state', path: '/dashboard/security-protocol/state', right: 'pds.view',
  compute: async (req) => {
    const counts = await countByStatus(req.ctx.db, req.authUser!);
    return widgetFromCounts(req.t('security-protocol.indicators.series'), PROTOCOL_STATUSES.filter((s) => (counts[s] ?? 0) > 0).map((s) => ({
      label: req.t(`security-protocol.status.${s}`), count: counts[s], link: req.ctx.routes.path('pds_index', { status: s }),
    })));
  },
});

/** Named routes of the protocol indicators (spread into the security-protocol module). */
export const PROTOCOL_INDICATOR_ROUTES: RouteDef[] = [protocolStateWidget];
