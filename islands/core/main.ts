/**
 * Entry of the islands build: styles, then every client behaviour, wired once.
 * Delegated behaviours (clicks, submits) cover fragments loaded later; per-element ones are
 * enhancers re-run on every added subtree (see enhance.ts).
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
// flatpickr's styles come with the date pickers' own chunk (date-pickers.ts), on pages with a date field.
import './app.css';
import './list.css';

import { installAddRows } from './add-rows';
import { installAjaxForms } from './ajax-forms';
import { installAnchorScroll } from './anchor-scroll';
import './bootstrap';
import { installBulkActions } from './bulk-actions';
import { enhanceCheckAll, installCheckAll } from './check-all';
import { installRefreshOnChange } from './refresh-on-change';
import { installConfirmations } from './confirm-dialog';
import { installDependentSelects } from './dependent-select';
import { registerEnhancer, startEnhancing } from './enhance';
import { enhanceDraftButtons, installDraftButtons, installFrenchValidation } from './form-validation';
import { mountIslands, startIslands, unmountIslands } from './islands';
import { lazyEnhancersSettled, registerLazyEnhancer } from './lazy-enhancer';
import { installModalLinks } from './modal-links';
import { installModalKeyboard } from './modal-stack';
import { installMultiSelects } from './multi-select';
import { installPrintButtons } from './print-buttons';
import { installRemoveButtons } from './remove-buttons';
import { installRichTextSubmit } from './rich-text-submit';
import { installScrollTop } from './scroll-top';
import { restorePlace } from './keep-place';
import { installTabUrl } from './tab-url';
import { installWorkflowButtons } from './workflow-buttons';

export { confirmDialog } from './confirm-dialog';
export { commentPrompt } from './comment-prompt';
export { openModal } from './modal-stack';
export { openModalFromUrl } from './modal-links';
export { t } from './i18n';

function start(): void {
  // Capture-phase listeners run in this order: draft flag, rich-text check, confirmation.
  installDraftButtons();
  installRichTextSubmit();
  installConfirmations();
  installFrenchValidation();
  installAjaxForms();
  installModalLinks();
  installPrintButtons();
  installModalKeyboard();
  installWorkflowButtons();
  installBulkActions();
  installCheckAll();
  installAddRows();
  installMultiSelects();
  installRefreshOnChange();
  installDependentSelects();
  installRemoveButtons();
  installAnchorScroll();
  installScrollTop();
  installTabUrl();
  restorePlace();

  registerEnhancer(enhanceDraftButtons);
  registerEnhancer(enhanceCheckAll);
  registerLazyEnhancer({
    name: 'date-pickers',
    selector: 'input[data-datepicker]',
    marker: /\bdata-datepicker\b/,
    load: () => import('./date-pickers').then(async (m) => {
      await m.pickerLocaleReady;
      return { enhance: m.enhanceDatePickers, teardown: m.teardownDatePickers };
    }),
  });
  registerLazyEnhancer({
    name: 'autocomplete',
    selector: 'input[data-autocomplete-url]',
    marker: /\bdata-autocomplete-url\b/,
    load: () => import('./autocomplete').then((m) => ({ enhance: m.enhanceAutocomplete, teardown: m.teardownAutocomplete })),
  });
  registerLazyEnhancer({
    name: 'rich-text',
    selector: 'textarea[data-richtext]',
    marker: /\bdata-richtext\b/,
    load: () => import('./rich-text').then((m) => ({ enhance: m.enhanceRichText, teardown: m.teardownRichText })),
  });
  registerLazyEnhancer({
    name: 'bootstrap-widgets',
    selector: '[data-bs-toggle="tooltip"], [data-bs-toggle="popover"]',
    marker: /data-bs-toggle="(tooltip|popover)"/,
    load: () => import('./bootstrap-widgets').then((m) => ({ enhance: m.enhanceBootstrapWidgets, teardown: m.teardownBootstrapWidgets })),
  });
  registerEnhancer(mountIslands, unmountIslands);
  startEnhancing();
  startIslands();
  // Ready once the page's date fields, searches, editors and tooltips are set up (their code
  // loads on demand).
  void lazyEnhancersSettled().then(() => {
    document.documentElement.dataset.vigieReady = '1';
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
