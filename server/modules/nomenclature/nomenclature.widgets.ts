import { defineWidgetRoute, widgetFromCounts } from '../../kernel/dashboard/widget';
import { NOMENCLATURE_KIND_DEFS } from './nomenclature.kinds';
import { countActiveByKind } from './nomenclature.service';

/** `GET /dashboard/nomenclature/values`: active values per list; a bar opens that list's tab. */
export const valuesPerListWidget = defineWidgetRoute({
  name: 'nomenclature_dashboard_values',
  path: '/dashboard/nomenclature/values',
  right: 'admin.nomenclatures',
  compute: async (req) => {
    const counts = await countActiveByKind(req.ctx.db, req.authUser!.tenantId);
    return widgetFromCounts(req.t('nomenclature.widget.series'), counts.map(({ kind, count }) => ({
      label: req.t(NOMENCLATURE_KIND_DEFS[kind].labelKey),
      count,
      link: req.ctx.routes.path('admin_nomenclature_index', { kind }),
    })));
  },
});
