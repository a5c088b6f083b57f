import { defineModule } from '../../kernel/module';
import { create, editForm, index, newForm, remove, rightsForm, rightsSave, update } from './admin-roles.handlers';

/** Roles and the rights matrix (issue 3). */
export const adminRolesModule = defineModule({
  name: 'admin-roles',
  routes: [
    { name: 'admin_role_index', method: 'GET', path: '/admin/roles', right: 'admin.roles', handler: index },
    { name: 'admin_role_rights', method: 'GET', path: '/admin/roles/rights', right: 'admin.roles', handler: rightsForm },
    { name: 'admin_role_rights_save', method: 'POST', path: '/admin/roles/rights', right: 'admin.roles', handler: rightsSave },
    { name: 'admin_role_new', method: 'GET', path: '/admin/roles/new', right: 'admin.roles', handler: newForm },
    { name: 'admin_role_create', method: 'POST', path: '/admin/roles/new', right: 'admin.roles', handler: create },
    { name: 'admin_role_edit', method: 'GET', path: '/admin/roles/{id}/edit', right: 'admin.roles', handler: editForm },
    { name: 'admin_role_update', method: 'POST', path: '/admin/roles/{id}/edit', right: 'admin.roles', handler: update },
    // Right checked in the handler so the refusal carries the spec's message 'Action non autorisée.'.
    { name: 'admin_role_delete', method: 'POST', path: '/admin/roles/{id}/delete', right: 'admin.roles', handler: remove, forbiddenMessage: 'roles.ui.unauthorised' },
  ],
});
