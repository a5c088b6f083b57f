import type { DataSource, EntityManager } from 'typeorm';
import { appPath } from '../../../kernel/http/urls';
import { translator } from '../../../kernel/i18n/i18n';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import type { ActionSourceDef } from '../../action-plan/action-sources';
import { evaluationAbilities } from '../core/du-policy';
import { loadDuScope } from '../core/du-scope';

/** The action plan's source kind of the unique risk document's lines. */
export const RISK_EVALUATION_SOURCE = 'risk_evaluation';

/**
 * Risk evaluations are a source of actions (issue 23 item 3): an action added from an evaluation
 * (`action_plan_quick_add {id}?source=risk_evaluation`) takes its entity and links back to it.
 */
export const RISK_EVALUATION_ACTION_SOURCE: ActionSourceDef = {
  type: RISK_EVALUATION_SOURCE,
  labelKey: 'du-actions.source_label',
  async describe(em: EntityManager | DataSource, tenantId: number, id: number, locale: string) {
    const [e] = await em.query(
      'SELECT id, dangerous_situation, hierarchy_item_id FROM risk_evaluation WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
    if (!e) return null;
    const situation = String(e.dangerous_situation ?? '');
    const label = translator(locale)('du-actions.source_line', { id: e.id, situation: situation.length > 80 ? `${situation.slice(0, 79)}…` : situation });
    return { label, url: appPath('risk_evaluation_edit', { id: e.id }), hierarchyItemId: e.hierarchy_item_id, serviceId: null };
  },
  async sees(em: EntityManager | DataSource, user: AuthUser, id: number) {
    const [e] = await em.query('SELECT hierarchy_item_id FROM risk_evaluation WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, user.tenantId]);
    return !!e && evaluationAbilities(user, await loadDuScope(em, user), e.hierarchy_item_id).view;
  },
};
