import { formatDate } from '../../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../../kernel/home-cards';
import { listLeave, withBalanceAfter } from './leave.service';

/**
 * Home card of leave managers: the asked requests of the employees they see, latest start first (as
 * the list), without their own (nobody decides their own request: leave.policy.ts).
 */
export const leaveToValidateCard: HomeCard = {
  key: 'leave-to-validate', order: 40, titleKey: 'hr-time.home.title', icon: 'sun', right: 'hr.leave_manage', toggle: 'module_hr',
  emptyKey: 'hr-time.home.empty',
  moreUrl: (req) => req.ctx.routes.path('rh_paid_leave_request_index', { state: 'requested' }),
  load: async (req) => {
    const { rows, total } = await listLeave(req.ctx.db, req.authUser!, { state: 'requested', notOfUserId: req.authUser!.id }, { offset: 0, perPage: HOME_CARD_ITEMS });
    await withBalanceAfter(req.ctx.db, req.authUser!.tenantId, rows);
    const url = req.ctx.routes.path('rh_paid_leave_request_index', { state: 'requested' });
    return {
      count: total,
      items: rows.map((r) => ({
        label: r.employeeName, url,
        detail: req.t('hr-time.home.detail', { type: req.t(`hr-time.leave.types.${r.type}`), from: formatDate(r.startDate), to: formatDate(r.endDate), count: r.workingDays }),
        badge: r.balanceAfter !== null && r.balanceAfter < 0 ? { text: req.t('hr-time.home.over_balance'), tone: 'danger' as const } : undefined,
      })),
    };
  },
};
