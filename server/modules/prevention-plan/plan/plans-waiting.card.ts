import type { Request } from 'express';
import { rowsOf } from '../../../kernel/db/sql';
import { HOME_CARD_ITEMS, type HomeCard } from '../../../kernel/home-cards';
import { loadToggles } from '../../../kernel/toggles/toggles';
import { loadScope } from '../../action-plan/action-scope';
import { visibleSql } from '../core/plan-list.service';
import { PLAN_SIGNING } from '../core/plan-signing';

/** What the user must do on a plan, by the plan's state (docs/prevention-plan.md « Plans en attente de moi »). */
const TODO_BY_STATE: Record<string, string> = {
  waiting_tiers: 'sign_company',
  waiting_internal: 'validate',
  waiting_sign: 'sign_on_site',
  waiting_manual: 'signed_file',
};

/** The company kinds that sign now (the signing core's rule, read from the request's toggles when they are loaded). */
async function signingKinds(req: Request): Promise<string[]> {
  const toggles = (req.res?.locals.toggles as Record<string, boolean> | undefined) ?? await loadToggles(req.ctx.db, req.authUser!.tenantId);
  return toggles.subcontractor_signature ? [...PLAN_SIGNING.signingKinds, ...(PLAN_SIGNING.toggledKinds ?? [])] : PLAN_SIGNING.signingKinds;
}

/**
 * « Plans de prévention en attente de moi »: the plans (not archived) on which the workflow waits
 * for this user's own hand. As internal signer (ordering customer or substitute): validate one
 * waiting for internal validation, sign one on site, give the signed paper of a manual one. As the
 * contact (with an account) of a company that must sign and has not signed this round: sign it.
 * Holders of `pdp.sign` may sign any plan but are awaited by none, so they see only their own.
 */
export const plansWaitingCard: HomeCard = {
  key: 'plans-waiting', order: 30, titleKey: 'prevention-plan.home.title', icon: 'pen', right: 'pdp.view', toggle: 'module_prevention_plan',
  emptyKey: 'prevention-plan.home.empty',
  moreUrl: (req) => req.ctx.routes.path('pdp_index'),
  async load(req) {
    const user = req.authUser!;
    const params: unknown[] = [user.tenantId, user.id, await signingKinds(req)];
    const visible = visibleSql(user, await loadScope(req.ctx.db, user), params);
    const sql = `FROM prevention_plan p
      WHERE p.tenant_id = $1 AND p.status IN ('waiting_tiers', 'waiting_internal', 'waiting_sign', 'waiting_manual') AND p.deleted_at IS NULL AND NOT p.archived
        AND ((p.status <> 'waiting_tiers' AND (p.ordering_customer_id = $2 OR EXISTS (SELECT 1 FROM plan_substitute s WHERE s.plan_id = p.id AND s.user_id = $2)))
          OR (p.status = 'waiting_tiers' AND EXISTS (
                SELECT 1 FROM plan_company pc JOIN contact c ON c.id = pc.contact_id AND c.tenant_id = pc.tenant_id
                 WHERE pc.plan_id = p.id AND pc.tenant_id = p.tenant_id AND c.user_id = $2 AND pc.kind = ANY($3::varchar[])
                   AND NOT EXISTS (SELECT 1 FROM plan_signature x WHERE x.plan_id = p.id AND x.signer_key = 'company:' || pc.id
                                     AND x.round = p.amendment_number AND x.superseded_at IS NULL))))
        AND ${visible}`;
    const [{ total }] = await req.ctx.db.query(`SELECT count(*)::int AS total ${sql}`, params);
    const rows = rowsOf<{ id: number; pdpNumber: string; subject: string; status: string }>(await req.ctx.db.query(
      `SELECT p.id, p.pdp_number AS "pdpNumber", p.subject, p.status ${sql} ORDER BY p.start_date NULLS LAST, p.id LIMIT ${HOME_CARD_ITEMS}`, params));
    return {
      count: total,
      items: rows.map((r) => ({
        label: r.subject ? `${r.pdpNumber} · ${r.subject}` : r.pdpNumber,
        detail: req.t(`prevention-plan.status.${r.status}`),
        url: req.ctx.routes.path('pdp_show', { id: r.id }),
        badge: { text: req.t(`prevention-plan.home.todo.${TODO_BY_STATE[r.status]}`), tone: 'warning' as const },
      })),
    };
  },
};
