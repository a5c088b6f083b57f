import { todayIso } from '../../../kernel/clock';
import { formatDate } from '../../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../../kernel/home-cards';
import { can } from '../../../kernel/rights/registry';
import { monitoringRows } from './monitoring.service';

/** Home card of training managers: formations expired, then expiring within their alert delay. */
export const formationsToRenewCard: HomeCard = {
  key: 'formations-to-renew', order: 50, titleKey: 'hr-training.home.title', icon: 'mortarboard', right: 'hr.formations', toggle: 'module_hr',
  emptyKey: 'hr-training.home.empty',
  moreUrl: (req) => req.ctx.routes.path('rh_formation_monitoring_index', { status: 'expired' }),
  load: async (req) => {
    const today = todayIso();
    const page = { offset: 0, perPage: HOME_CARD_ITEMS };
    const expired = await monitoringRows(req.ctx.db, req.authUser!, { status: 'expired' }, today, page);
    const expiring = await monitoringRows(req.ctx.db, req.authUser!, { status: 'expiring' }, today, page);
    const linked = can(req.authUser, 'hr.view');
    const rows = [...expired.rows, ...expiring.rows].slice(0, HOME_CARD_ITEMS);
    return {
      count: expired.total + expiring.total,
      items: rows.map((r) => ({
        label: r.employeeName, detail: r.formationName,
        url: linked ? req.ctx.routes.path('rh_formation_monitoring_index', { status: r.status, q: r.employeeName }) : undefined,
        badge: r.status === 'expired'
          ? { text: req.t('hr-training.home.expired_on', { date: formatDate(r.expiresOn) }), tone: 'danger' as const }
          : { text: req.t('hr-training.home.expires_on', { date: formatDate(r.expiresOn) }), tone: 'warning' as const },
      })),
    };
  },
};
