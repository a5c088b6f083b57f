import { defineModule } from '../../kernel/module';
import { index, save } from './admin-settings.handlers';

/** Global parameters and feature toggles (seed 002 §9). */
export const adminSettingsModule = defineModule({
  name: 'admin-settings',
  routes: [
    { name: 'admin_settings_index', method: 'GET', path: '/admin/settings', right: 'admin.settings', handler: index },
    { name: 'admin_settings_save', method: 'POST', path: '/admin/settings', right: 'admin.settings', handler: save },
  ],
});
