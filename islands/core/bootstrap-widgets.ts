// Tooltips and popovers (with their template and sanitizer) are their own chunk, loaded by the
// first page or fragment that has one (main.ts); the rest of Bootstrap is in ./bootstrap.
import type * as Bootstrap from 'bootstrap';
import PopoverModule from 'bootstrap/js/src/popover.js';
import TooltipModule from 'bootstrap/js/src/tooltip.js';
import { provideLazyEnhancer } from './lazy-enhancer';

const Popover = PopoverModule as typeof Bootstrap.Popover;
const Tooltip = TooltipModule as typeof Bootstrap.Tooltip;

/** Creates the tooltips and popovers of a subtree (Bootstrap only auto-wires toggles). */
export function enhanceBootstrapWidgets(root: ParentNode): void {
  root.querySelectorAll('[data-bs-toggle="tooltip"]').forEach((el) => Tooltip.getOrCreateInstance(el));
  root.querySelectorAll('[data-bs-toggle="popover"]').forEach((el) => Popover.getOrCreateInstance(el));
}

/** Disposes the tooltips and popovers of a subtree leaving the page (their tips live in body). */
export function teardownBootstrapWidgets(root: ParentNode): void {
  root.querySelectorAll('[data-bs-toggle="tooltip"]').forEach((el) => Tooltip.getInstance(el)?.dispose());
  root.querySelectorAll('[data-bs-toggle="popover"]').forEach((el) => Popover.getInstance(el)?.dispose());
}

provideLazyEnhancer('bootstrap-widgets', { enhance: enhanceBootstrapWidgets, teardown: teardownBootstrapWidgets });
