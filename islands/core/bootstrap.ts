/**
 * The Bootstrap components the product uses, each from its own module: the data-API of
 * alerts, collapse, dropdowns, offcanvas and tabs registers on import (docs/client.md), and the
 * unused ones (button, carousel, scrollspy, toast) stay out of the bundle. Tooltips and popovers
 * are a chunk of their own (bootstrap-widgets.ts).
 */
import type * as Bootstrap from 'bootstrap';
import AlertModule from 'bootstrap/js/src/alert.js';
import CollapseModule from 'bootstrap/js/src/collapse.js';
import DropdownModule from 'bootstrap/js/src/dropdown.js';
import ModalModule from 'bootstrap/js/src/modal.js';
import OffcanvasModule from 'bootstrap/js/src/offcanvas.js';
import TabModule from 'bootstrap/js/src/tab.js';

/** Bootstrap's alert. */
export const Alert = AlertModule as typeof Bootstrap.Alert;
/** Bootstrap's collapse. */
export const Collapse = CollapseModule as typeof Bootstrap.Collapse;
/** Bootstrap's dropdown. */
export const Dropdown = DropdownModule as typeof Bootstrap.Dropdown;
/** Bootstrap's modal (the stack of islands/core/modal-stack.ts). */
export const Modal = ModalModule as typeof Bootstrap.Modal;
/** An instance of {@link Modal}. */
export type Modal = Bootstrap.Modal;
/** Bootstrap's offcanvas. */
export const Offcanvas = OffcanvasModule as unknown;
/** Bootstrap's tab. */
export const Tab = TabModule as typeof Bootstrap.Tab;
