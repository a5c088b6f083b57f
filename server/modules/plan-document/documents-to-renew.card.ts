import { todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { formatDate } from '../../kernel/i18n/format';
import { HOME_CARD_ITEMS, type HomeCard } from '../../kernel/home-cards';
import { loadScope } from '../action-plan/action-scope';
import { addDaysIso } from '../action-plan/action-view.helpers';
import { planTabUrl, visibleSql } from '../prevention-plan';
import { documentState, EXPIRING_SOON_DAYS } from './plan-document.rules';

/**
 * The owners of outside-company documents on a plan (alias `plans`): its companies other than the
 * user company (EU), the CRM tiers behind them, their staff members and the CRM contacts behind them.
 */
const OUTSIDE_OWNERS = `
  SELECT 'plan_company'::varchar AS kind, pc.id AS owner_id, pc.name, pc.plan_id FROM plan_company pc JOIN plans ON plans.id = pc.plan_id WHERE pc.tenant_id = $1 AND pc.kind <> 'EU'
  UNION ALL SELECT 'tiers', pc.tiers_id, pc.name, pc.plan_id FROM plan_company pc JOIN plans ON plans.id = pc.plan_id WHERE pc.tenant_id = $1 AND pc.kind <> 'EU' AND pc.tiers_id IS NOT NULL
  UNION ALL SELECT 'plan_staff', s.id, trim(coalesce(s.first_name, '') || ' ' || s.last_name) || ' · ' || pc.name, s.plan_id
    FROM plan_staff s JOIN plan_company pc ON pc.id = s.plan_company_id JOIN plans ON plans.id = s.plan_id WHERE s.tenant_id = $1 AND pc.kind <> 'EU'
  UNION ALL SELECT 'contact', s.contact_id, trim(coalesce(s.first_name, '') || ' ' || s.last_name) || ' · ' || pc.name, s.plan_id
    FROM plan_staff s JOIN plan_company pc ON pc.id = s.plan_company_id JOIN plans ON plans.id = s.plan_id WHERE s.tenant_id = $1 AND pc.kind <> 'EU' AND s.contact_id IS NOT NULL`;

/**
 * « Documents à renouveler »: the current versions (highest revision out of the trash, models
 * aside) of the outside companies' documents on the open plans the user sees (the plan list's
 * rule, `visibleSql`; not archived, not finished) that are expired or expire within
 * {@link EXPIRING_SOON_DAYS} days, the same rule as the documents tab's badges. Each line opens the
 * documents tab of a plan it is on.
 */
export const documentsToRenewCard: HomeCard = {
  key: 'documents-to-renew', order: 34, titleKey: 'plan-document.home.title', icon: 'file-earmark-medical', right: 'pdp.documents', toggle: 'module_prevention_plan',
  emptyKey: 'plan-document.home.empty',
  moreUrl: (req) => req.ctx.routes.path('pdp_index'),
  async load(req) {
    const user = req.authUser!;
    const today = todayIso();
    const params: unknown[] = [user.tenantId, addDaysIso(today, EXPIRING_SOON_DAYS)];
    const visible = visibleSql(user, await loadScope(req.ctx.db, user), params);
    const rows = rowsOf<{ total: number; id: number; expiresOn: string; typeLabel: string; ownerName: string; planId: number }>(await req.ctx.db.query(
      `WITH plans AS (SELECT p.id FROM prevention_plan p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND NOT p.archived AND p.status <> 'expired' AND ${visible}),
            owners AS (${OUTSIDE_OWNERS}),
            docs AS (
              SELECT DISTINCT ON (d.expires_on, d.id) d.id, to_char(d.expires_on, 'YYYY-MM-DD') AS "expiresOn", t.label AS "typeLabel", o.name AS "ownerName", o.plan_id AS "planId"
                FROM plan_document d JOIN owners o ON o.kind = d.owner_kind AND o.owner_id = d.owner_id JOIN document_type t ON t.id = d.document_type_id
               WHERE d.tenant_id = $1 AND d.deleted_at IS NULL AND NOT d.is_model AND d.expires_on <= $2::date
                 AND NOT EXISTS (SELECT 1 FROM plan_document n WHERE n.tenant_id = d.tenant_id AND n.owner_kind = d.owner_kind AND n.owner_id = d.owner_id
                                   AND n.document_type_id = d.document_type_id AND n.is_model = d.is_model AND n.revision > d.revision AND n.deleted_at IS NULL)
               ORDER BY d.expires_on, d.id, o.plan_id)
       SELECT count(*) OVER ()::int AS total, docs.* FROM docs ORDER BY "expiresOn", id LIMIT ${HOME_CARD_ITEMS}`, params));
    return {
      count: rows[0]?.total ?? 0,
      items: rows.map((r) => {
        const expired = documentState(r.expiresOn, today) === 'expired';
        return {
          label: r.typeLabel,
          detail: [r.ownerName, req.t(expired ? 'plan-document.home.expired_on' : 'plan-document.home.expires_on', { date: formatDate(r.expiresOn) })].join(' · '),
          url: planTabUrl(req, r.planId, 'documents'),
          badge: expired ? { text: req.t('plan-document.state.expired'), tone: 'danger' as const } : { text: req.t('plan-document.state.expiring'), tone: 'warning' as const },
        };
      }),
    };
  },
};
