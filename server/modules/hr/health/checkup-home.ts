import { formatDate } from '../../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../../kernel/home-cards';
import { listMonitoring } from './medical-checkup.service';

/** Home card of HR managers: medical check-ups overdue, then due within their alert delay. */
export const medicalCheckupsDueCard: HomeCard = {
  key: 'medical-checkups-due', order: 60, titleKey: 'hr-health.home.title', icon: 'heart-pulse', right: 'hr.manage_employees', toggle: 'module_hr',
  emptyKey: 'hr-health.home.empty',
  moreUrl: (req) => req.ctx.routes.path('rh_medical_checkup_index', { status: 'overdue' }),
  load: async (req) => {
    // Overdue come first, then due soon: the first page holds what the card shows.
    const { rows, counts } = await listMonitoring(req.ctx.db, req.authUser!, { q: '', status: '', type: null, service: null }, { page: 1, offset: 0, perPage: HOME_CARD_ITEMS });
    const due = rows.filter((r) => r.status === 'overdue' || r.status === 'due_soon');
    return {
      count: counts.overdue + counts.due_soon,
      items: due.map((r) => ({
        label: r.employeeName, detail: r.typeName ?? undefined,
        url: req.ctx.routes.path('rh_medical_checkup_index', { status: r.status, q: r.employeeName }),
        badge: { text: req.t(r.status === 'overdue' ? 'hr-health.home.overdue_since' : 'hr-health.home.due_on', { date: formatDate(r.nextDate) }), tone: r.status === 'overdue' ? 'danger' as const : 'warning' as const },
      })),
    };
  },
};
