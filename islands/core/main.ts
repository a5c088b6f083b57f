/**
 * Entry of the islands build: styles, then every client behaviour, wired once.
 * Delegated behaviours (clicks, submits) cover fragments loaded later; per-element ones are
 * enhancers re-run on every added subtree (see enhance.ts).
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import 'flatpickr/dist/flatpickr.min.css';
import './app.css';

import { installAjaxForms } from './ajax-forms';
import { installAnchorScroll } from './anchor-scroll';
import { enhanceAutocomplete } from './autocomplete';
import { enhanceBootstrapWidgets, teardownBootstrapWidgets } from './bootstrap-widgets';
import { installBulkActions } from './bulk-actions';
import { enhanceCheckAll, installCheckAll } from './check-all';
import { installRefreshOnChange } from './refresh-on-change';
import { installConfirmations } from './confirm-dialog';
import { enhanceDatePickers, teardownDatePickers } from './date-pickers';
import { installDependentSelects } from './dependent-select';
import { registerEnhancer, startEnhancing } from './enhance';
import { enhanceDraftButtons, installDraftButtons, installFrenchValidation } from './form-validation';
import { mountIslands, startIslands, unmountIslands } from './islands';
import { installModalLinks } from './modal-links';
import { installModalKeyboard } from './modal-stack';
import { installPrintButtons } from './print-buttons';
import { installRemoveButtons } from './remove-buttons';
import { enhanceRichText, installRichTextSubmit } from './rich-text';
import { installScrollTop } from './scroll-top';
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
  installRefreshOnChange();
  installDependentSelects();
  installRemoveButtons();
  installAnchorScroll();
  installScrollTop();
  installTabUrl();

  registerEnhancer(enhanceDraftButtons);
  registerEnhancer(enhanceCheckAll);
  registerEnhancer(enhanceDatePickers, teardownDatePickers);
  registerEnhancer(enhanceAutocomplete);
  registerEnhancer(enhanceRichText);
  registerEnhancer(enhanceBootstrapWidgets, teardownBootstrapWidgets);
  registerEnhancer(mountIslands, unmountIslands);
  startEnhancing();
  startIslands();
  document.documentElement.dataset.vigieReady = '1';
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
