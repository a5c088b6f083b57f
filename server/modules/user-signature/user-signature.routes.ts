import { defineModule } from '../../kernel/module';
import { editSignature, getImage, saveImage } from './user-signature.handlers';

/** The user's saved handwritten signature (profile screen, JSON calls of the signature pad). */
export const userSignatureModule = defineModule({
  name: 'user-signature',
  routes: [
    { name: 'user_signature_edit', method: 'GET', path: '/account/signature', right: 'authenticated', handler: editSignature },
    { name: 'eobs_user_signature_get_image', method: 'GET', path: '/account/signature/image', right: 'authenticated', handler: getImage },
    { name: 'eobs_user_signature_save_signature', method: 'POST', path: '/account/signature', right: 'authenticated', handler: saveImage },
  ],
  userMenu: [{ label: 'user_menu.signature', route: 'user_signature_edit', icon: 'pen' }],
});
