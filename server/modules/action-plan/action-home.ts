import { todayIso } from '../../kernel/clock';
import { formatDate } from '../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../kernel/home-cards';
import { countActionsBy, firstActions, type ListRequest } from './action-list.service';
import { OPEN_STATUS_SQL, OPEN_STATUSES } from './action-plan.policy';
import { filterSchema } from './action-plan.schema';

/** Home card of everyone: the open actions assigned to them, nearest deadline first. */
export const myActionsCard: HomeCard = {
  key: 'my-actions', order: 10, titleKey: 'action-plan.home.title', icon: 'check2-square', right: 'authenticated', toggle: 'module_action_plan',
  emptyKey: 'action-plan.home.empty',
  moreUrl: (req) => req.ctx.routes.path('action_plan_mine', { who: 'assigned' }),
  load: async (req) => {
    const request: ListRequest = { filters: filterSchema.parse({ who: 'assigned', sort: 'deadline', dir: 'asc' }), itemIds: [], mine: true };
    const counts = await countActionsBy(req.ctx.db, req.authUser!, request, 'status');
    const rows = await firstActions(req.ctx.db, req.authUser!, request, HOME_CARD_ITEMS, OPEN_STATUS_SQL);
    const today = todayIso();
    return {
      count: OPEN_STATUSES.reduce((n, s) => n + (counts.get(s) ?? 0), 0),
      items: rows.map((r) => ({
        label: r.comments.length > 90 ? `${r.comments.slice(0, 89)}…` : r.comments,
        detail: r.deadline ? req.t('action-plan.home.deadline', { date: formatDate(r.deadline) }) : req.t(`action-plan.status.${r.status}`),
        url: req.ctx.routes.path('action_plan_show', { id: r.id }),
        badge: r.deadline && r.deadline < today ? { text: req.t('action-plan.home.late'), tone: 'danger' as const } : undefined,
      })),
    };
  },
};
