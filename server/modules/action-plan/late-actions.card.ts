import { todayIso } from '../../kernel/clock';
import { formatDate } from '../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../kernel/home-cards';
import { countActionsBy, firstActions, type ListRequest } from './action-list.service';
import { PENDING_STATUSES } from './action-plan.policy';
import { filterSchema } from './action-plan.schema';
import { addDaysIso } from './action-view.helpers';

const PENDING_SQL = `a.status IN (${PENDING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * « Actions en retard » for a manager (`action.view_all`): the actions of his scope (the list's own
 * visibility) whose deadline has passed and that nobody has processed, closed or abandoned yet.
 * « Mes actions » already puts the user's own late actions first, so this card is the scope's.
 */
export const lateActionsCard: HomeCard = {
  key: 'late-actions', order: 15, titleKey: 'action-plan.home.late_title', icon: 'alarm', right: 'action.view_all', toggle: 'module_action_plan',
  emptyKey: 'action-plan.home.late_empty',
  moreUrl: (req) => req.ctx.routes.path('action_plan_index', { deadlineTo: formatDate(addDaysIso(todayIso(), -1)), sort: 'deadline', dir: 'asc' }),
  load: async (req) => {
    const yesterday = addDaysIso(todayIso(), -1);
    // Due yesterday at the latest: an action due today is not late yet.
    const request: ListRequest = { filters: filterSchema.parse({ deadlineTo: yesterday, sort: 'deadline', dir: 'asc' }), itemIds: [], mine: false };
    const counts = await countActionsBy(req.ctx.db, req.authUser!, request, 'status');
    const rows = await firstActions(req.ctx.db, req.authUser!, request, HOME_CARD_ITEMS, PENDING_SQL);
    return {
      count: PENDING_STATUSES.reduce((n, s) => n + (counts.get(s) ?? 0), 0),
      items: rows.map((r) => ({
        label: r.comments.length > 90 ? `${r.comments.slice(0, 89)}…` : r.comments,
        detail: [r.assigneeName ?? req.t('action-plan.home.unassigned'), req.t('action-plan.home.deadline', { date: formatDate(r.deadline) })].join(' · '),
        url: req.ctx.routes.path('action_plan_show', { id: r.id }),
        badge: { text: req.t('action-plan.home.late'), tone: 'danger' as const },
      })),
    };
  },
};
