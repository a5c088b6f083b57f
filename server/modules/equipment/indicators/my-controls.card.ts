import { todayIso } from '../../../kernel/clock';
import { HOME_CARD_ITEMS, type HomeCard } from '../../../kernel/home-cards';
import { formatDate } from '../../../kernel/i18n/format';
import { DEADLINE_COLOURS, deadlineState } from '../core/deadline';
import { myNextControls } from './indicators.service';

/** « Mes contrôles » on the home page: the controls the user operates, nearest deadline first, with their state. */
export const myControlsCard: HomeCard = {
  key: 'vgp-my-controls',
  order: 70,
  titleKey: 'vgp-indicators.card.title',
  icon: 'tools',
  right: 'vgp.controls_view',
  toggle: 'module_vgp',
  emptyKey: 'vgp-indicators.card.empty',
  moreUrl: (req) => req.ctx.routes.path('vgp_my_controls'),
  async load(req) {
    const user = req.authUser!;
    const today = todayIso();
    const { count, rows } = await myNextControls(req.ctx.db, user.tenantId, user.id, HOME_CARD_ITEMS);
    return {
      count,
      items: rows.map((r) => {
        const state = deadlineState(r.deadline, today);
        return {
          label: r.name,
          detail: [r.equipmentName, formatDate(r.deadline)].filter(Boolean).join(' · '),
          url: req.ctx.routes.path('vgp_controllable_show', { id: r.id }),
          badge: { text: req.t(`equipment.state.${state}`), tone: DEADLINE_COLOURS[state] as 'danger' | 'warning' | 'success' | 'secondary' },
        };
      }),
    };
  },
};
