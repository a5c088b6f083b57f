/**
 * Minimal typings for the parts of Bootstrap 5's JavaScript the client uses
 * (the package ships no declarations).
 */
declare module 'bootstrap' {
  interface ComponentStatic<T, O> {
    new (element: Element | string, options?: Partial<O>): T;
    getInstance(element: Element | string): T | null;
    getOrCreateInstance(element: Element | string, options?: Partial<O>): T;
  }
  export interface Modal { show(): void; hide(): void; toggle(): void; dispose(): void; handleUpdate(): void }
  export const Modal: ComponentStatic<Modal, { backdrop: boolean | 'static'; keyboard: boolean; focus: boolean }>;
  export interface Tooltip { show(): void; hide(): void; dispose(): void }
  export const Tooltip: ComponentStatic<Tooltip, Record<string, unknown>>;
  export interface Popover { show(): void; hide(): void; dispose(): void }
  export const Popover: ComponentStatic<Popover, Record<string, unknown>>;
  export interface Dropdown { show(): void; hide(): void; toggle(): void; dispose(): void }
  export const Dropdown: ComponentStatic<Dropdown, Record<string, unknown>>;
  export interface Tab { show(): void; dispose(): void }
  export const Tab: ComponentStatic<Tab, Record<string, unknown>>;
  export interface Collapse { show(): void; hide(): void; toggle(): void; dispose(): void }
  export const Collapse: ComponentStatic<Collapse, Record<string, unknown>>;
  export interface Alert { close(): void; dispose(): void }
  export const Alert: ComponentStatic<Alert, Record<string, unknown>>;
}

/** One component's source module (islands/core/bootstrap.ts types it through `bootstrap`). */
declare module 'bootstrap/js/src/*.js' {
  const component: unknown;
  export default component;
}
