import { defineModule } from '../../kernel/module';
import { RECORDED_MAIL_ID } from '../../kernel/mail/outbox';
import { index, show } from './admin-outbox.handlers';

/**
 * The outbox (issue 25): the mails recorded instead of sent outside production, read by the
 * super administrator (docs/services.md, « Reading outgoing mail »). 404 in production.
 */
export const adminOutboxModule = defineModule({
  name: 'admin-outbox',
  routes: [
    { name: 'admin_outbox_index', method: 'GET', path: '/admin/outbox', right: 'admin.settings', handler: index },
    { name: 'admin_outbox_show', method: 'GET', path: '/admin/outbox/{id}', right: 'admin.settings', requirements: { id: RECORDED_MAIL_ID }, handler: show },
  ],
});
