import { defineModule } from '../../kernel/module';
import { create, editForm, index, newForm, toggle, update } from './admin-users.handlers';

/** Users administration (issue 3): list and search, add, edit, enable/disable. */
export const adminUsersModule = defineModule({
  name: 'admin-users',
  routes: [
    { name: 'admin_user_index', method: 'GET', path: '/admin/users', right: 'admin.users', handler: index },
    { name: 'admin_user_new', method: 'GET', path: '/admin/users/new', right: 'admin.users', handler: newForm },
    { name: 'admin_user_create', method: 'POST', path: '/admin/users/new', right: 'admin.users', handler: create },
    { name: 'admin_user_edit', method: 'GET', path: '/admin/users/{id}/edit', right: 'admin.users', handler: editForm },
    { name: 'admin_user_update', method: 'POST', path: '/admin/users/{id}/edit', right: 'admin.users', handler: update },
    { name: 'admin_user_toggle', method: 'POST', path: '/admin/users/{id}/toggle', right: 'admin.users', handler: toggle },
  ],
});
