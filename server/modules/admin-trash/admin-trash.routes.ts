import { defineModule } from '../../kernel/module';
import { index, purge, restore } from './admin-trash.handlers';

/** The trash: every soft-deleted record, restored or deleted for good. */
export const adminTrashModule = defineModule({
  name: 'admin-trash',
  routes: [
    { name: 'admin_trash_index', method: 'GET', path: '/admin/trash', right: 'admin.trash', handler: index },
    { name: 'admin_trash_restore', method: 'POST', path: '/admin/trash/{id}/restore', right: 'admin.trash', handler: restore },
    { name: 'admin_trash_delete', method: 'POST', path: '/admin/trash/{id}/delete', right: 'admin.trash', handler: purge },
  ],
});
