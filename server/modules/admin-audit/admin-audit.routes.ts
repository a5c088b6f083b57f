import { defineModule } from '../../kernel/module';
import { index } from './admin-audit.handlers';

/** The audit log screen. */
export const adminAuditModule = defineModule({
  name: 'admin-audit',
  routes: [{ name: 'admin_audit_index', method: 'GET', path: '/admin/audit', right: 'admin.audit', handler: index }],
});
