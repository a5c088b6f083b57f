import { clock, parisInstant, todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { formatDateTime } from '../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard, type HomeItem } from '../../kernel/home-cards';
import { loadScope } from '../action-plan/action-scope';
import { addDaysIso } from '../action-plan/action-view.helpers';
import { PERMIT_TYPES } from './permit-types';
import { isLate, typeOf, visiblePermitSql } from './permit.service';

const STATE_TONES: Record<string, NonNullable<HomeItem['badge']>['tone']> = { draft: 'warning', in_progress: 'success', post_work: 'info' };

/**
 * « Permis du jour »: the permits of every type the user sees (the fire permit list's rule,
 * `visiblePermitSql`) whose period meets today (Paris day) and that are not closed. A draft is
 * kept: its before-work check is what must be done before the work starts.
 */
export const permitsTodayCard: HomeCard = {
  key: 'permits-today', order: 32, titleKey: 'permit.home.title', icon: 'fire', right: 'pdp.view', toggle: 'module_prevention_plan',
  emptyKey: 'permit.home.empty',
  moreUrl: (req) => req.ctx.routes.path('fire_permit_index'),
  async load(req) {
    const user = req.authUser!;
    const today = todayIso();
    const params: unknown[] = [user.tenantId, PERMIT_TYPES.map((t) => t.key), parisInstant(addDaysIso(today, 1), '00:00'), parisInstant(today, '00:00')];
    const where = visiblePermitSql({ user, scope: await loadScope(req.ctx.db, user) }, params);
    // Every type named, so the (tenant, type, start) index answers the period. The permits of one
    // day are few: read them all, ordered, and count them here (no LIMIT, so no list order to index).
    const rows = rowsOf<{ id: number; type: string; number: string; description: string; state: string; endAt: Date; lastCheckDueAt: Date | null }>(await req.ctx.db.query(
      `SELECT p.id, p.type, p.number, p.description, p.state, p.end_at AS "endAt", p.last_check_due_at AS "lastCheckDueAt"
         FROM permit p WHERE p.tenant_id = $1 AND p.type = ANY($2::varchar[]) AND p.start_at < $3 AND p.end_at >= $4 AND p.state <> 'closed' AND ${where}
        ORDER BY p.start_at, p.id`, params));
    const now = clock.now();
    return {
      count: rows.length,
      items: rows.slice(0, HOME_CARD_ITEMS).map((r) => ({
        label: `${r.number} · ${req.t(`permit.types.${r.type}`)}`,
        detail: [r.description.length > 80 ? `${r.description.slice(0, 79)}…` : r.description, req.t('permit.home.until', { date: formatDateTime(r.endAt) })].filter(Boolean).join(' · '),
        url: req.ctx.routes.path(typeOf(r.type).routes.show, { id: r.id }),
        badge: isLate(r, now) ? { text: req.t('permit.late'), tone: 'danger' as const } : { text: req.t(`permit.states.${r.state}`), tone: STATE_TONES[r.state] ?? 'secondary' },
      })),
    };
  },
};
