import { defineModule } from '../../kernel/module';
import { edit, mine, save } from './user-goals.handlers';

/** Quarterly goals QHP, REX, V2SE of a user (spec §3 "User goal", §9 T1-T4): edited by user admins, read by the user. */
export const userGoalsModule = defineModule({
  name: 'user-goals',
  routes: [
    { name: 'user_goals_edit', method: 'GET', path: '/admin/users/{id}/goals', right: 'admin.users', handler: edit },
    { name: 'user_goals_save', method: 'POST', path: '/admin/users/{id}/goals', right: 'admin.users', handler: save },
    { name: 'user_goals_mine', method: 'GET', path: '/account/goals', right: 'authenticated', handler: mine },
  ],
  userMenu: [{ label: 'goals.mine_title', route: 'user_goals_mine', icon: 'bullseye' }],
});
