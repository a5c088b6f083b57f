import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { topbarBanners } from '../../kernel/topbar-banners';
import { switchTopbarBanner } from './switch-session';
import { canSwitch } from './account-access.service';
import { delegationCreate, delegationDelete, delegationIndex, delegationNew, switchExit, switchIndex, switchStart } from './account-access.handlers';

/**
 * Taking over another account (switch user) and lending one's account for a date range
 * (delegation). Who may switch is decided in the handlers: the switch right or a running
 * delegation, so the routes only need a login.
 */
export const accountAccessModule = defineModule({
  name: 'account-access',
  routes: [
    { name: 'user_switch_index', method: 'GET', path: '/switch-user', right: 'authenticated', handler: switchIndex },
    { name: 'user_switch_exit', method: 'POST', path: '/switch-user/exit', right: 'authenticated', handler: switchExit },
    { name: 'user_switch_start', method: 'POST', path: '/switch-user/{id}', right: 'authenticated', handler: switchStart },
    { name: 'user_delegation_index', method: 'GET', path: '/account/delegations', right: 'authenticated', handler: delegationIndex },
    { name: 'user_delegation_new', method: 'GET', path: '/account/delegations/new', right: 'authenticated', handler: delegationNew },
    { name: 'user_delegation_create', method: 'POST', path: '/account/delegations/new', right: 'authenticated', handler: delegationCreate },
    { name: 'user_delegation_delete', method: 'POST', path: '/account/delegations/{id}/delete', right: 'authenticated', handler: delegationDelete },
  ],
  userMenu: [
    { label: 'user_menu.delegations', route: 'user_delegation_index', icon: 'people' },
    { label: 'user_menu.switch_user', route: 'user_switch_index', icon: 'person-bounding-box', visible: canSwitch },
  ],
  contributes: [contribute(topbarBanners, switchTopbarBanner)],
});

export { switchedFrom, switchBanner } from './switch-session';
