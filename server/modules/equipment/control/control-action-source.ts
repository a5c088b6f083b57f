import type { DataSource, EntityManager } from 'typeorm';
import { appPath } from '../../../kernel/http/urls';
import { translator } from '../../../kernel/i18n/i18n';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { inHierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { can } from '../../../kernel/rights/registry';
import type { ActionSourceDef } from '../../action-plan/action-sources';
import { loadVgpScope } from '../core/equipment-access';

/** The action plan's source kind of the actions a validated control created. */
export const VGP_CONTROL_SOURCE = 'vgp_control';

const SELECT = `SELECT k.id, c.name, e.hierarchy_item_id, e.service_id FROM vgp_control k JOIN vgp_controllable c ON c.id = k.controllable_id
  LEFT JOIN equipment e ON e.id = c.equipment_id WHERE k.id = $1 AND k.tenant_id = $2`;

/**
 * Controls are a source of actions (issue 24 item 4): an action created by a non-conforming answer
 * names its control and links back to it; only those who see the control under the VGP rules
 * (`vgp.controls_view` and the equipment's entity in their scope) may add one from it.
 */
export const VGP_CONTROL_ACTION_SOURCE: ActionSourceDef = {
  type: VGP_CONTROL_SOURCE,
  labelKey: 'vgp-control.source_label',
  async describe(em: EntityManager | DataSource, tenantId: number, id: number, locale: string) {
    const [k] = await em.query(SELECT, [id, tenantId]);
    if (!k) return null;
    const label = translator(locale)('vgp-control.source_line', { id: k.id, name: k.name });
    return { label, url: appPath('vgp_control_show', { id: k.id }), hierarchyItemId: k.hierarchy_item_id, serviceId: k.service_id };
  },
  async sees(em: EntityManager | DataSource, user: AuthUser, id: number) {
    if (!can(user, 'vgp.controls_view')) return false;
    const [k] = await em.query(SELECT, [id, user.tenantId]);
    return !!k && inHierarchyScope(await loadVgpScope(em, user), k.hierarchy_item_id);
  },
};
