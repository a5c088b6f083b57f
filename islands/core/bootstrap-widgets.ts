// Importing Bootstrap registers its data-API (dropdowns, tabs, collapse, alerts, offcanvas).
import { Popover, Tooltip } from 'bootstrap';

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
