import { defineModule } from '../../kernel/module';
import { home, homeGuideDismiss, routingJson, translations } from './kernel.handlers';

/** Kernel routes: home, the public route table and the translation catalogues. */
export const kernelModule = defineModule({
  name: 'kernel',
  routes: [
    { name: 'home', method: 'GET', path: '/', right: 'authenticated', handler: home },
    { name: 'home_guide_dismiss', method: 'POST', path: '/home/guide/dismiss', right: 'authenticated', handler: homeGuideDismiss },
    { name: 'fos_js_routing_js', method: 'GET', path: '/js/routing.json', right: 'public', handler: routingJson },
    {
      name: 'translations', method: 'GET', path: '/translations/{domain}.{_format}', right: 'public', handler: translations,
      requirements: { domain: '\\w+', _format: 'js|json' }, defaults: { domain: 'messages', _format: 'js' },
    },
  ],
});
