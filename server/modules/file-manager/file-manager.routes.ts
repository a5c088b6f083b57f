import { defineModule } from '../../kernel/module';
import { parseEditorImage, showFile, uploadImage } from './file-manager.handlers';

/** The rich-text editor's image upload and the serving of those images, by their random access key. */
export const fileManagerModule = defineModule({
  name: 'file-manager',
  routes: [
    { name: 'file_manager_upload', method: 'POST', path: '/file-manager/upload', right: 'authenticated', handler: uploadImage, bodyParsers: [parseEditorImage] },
    { name: 'file_manager_show', method: 'GET', path: '/file-manager/{key}', right: 'authenticated', handler: showFile, requirements: { key: '[A-Za-z0-9_-]{43}' } },
  ],
});
