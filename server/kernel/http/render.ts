import path from 'node:path';
import type { Request, Response } from 'express';
import { renderTemplate, VIEWS_DIR } from './templates';

export { VIEWS_DIR };

/** True when the client asked for a fragment to put in a modal (XHR header or `inModal=1`). */
export function isFragmentRequest(req: Request): boolean {
  return req.get('X-Requested-With') === 'XMLHttpRequest' || req.query.inModal === '1';
}

/** True when the client expects JSON (fetch with Accept JSON). */
export function wantsJson(req: Request): boolean {
  return !!req.get('Accept')?.includes('application/json') && !req.get('Accept')?.includes('text/html');
}

/** Renders a view file with the response locals plus `locals`. */
export async function renderView(res: Response, view: string, locals: Record<string, unknown> = {}): Promise<string> {
  return renderTemplate(path.join(VIEWS_DIR, `${view}.ejs`), { ...res.locals, ...locals });
}

/**
 * Locals the kernel sets for every page (see `exposeLocals` in app.ts). A screen may pass a
 * local of the same name for its own view (`user` = the user being edited), but the layout
 * around it always sees the kernel's: the top bar shows who is logged in, not whom they edit.
 */
const KERNEL_LOCALS = ['user', 'userName', 't', 'locale', 'path', 'hasRoute', 'can', 'csrfToken', 'menu', 'userMenu', 'flashes', 'routeName', 'assetTags', 'nonce', 'toggles', 'banners', 'clientMessages', 'json'] as const;

function kernelLocals(res: Response): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of KERNEL_LOCALS) if (name in res.locals) out[name] = res.locals[name];
  return out;
}

/**
 * Renders a screen: the fragment alone (wrapped in the modal shell) for the client's modal
 * loader, or the full page layout otherwise.
 */
export async function renderScreen(req: Request, res: Response, view: string, locals: Record<string, unknown> = {}, status = 200): Promise<void> {
  const body = await renderView(res, view, locals);
  const layout = isFragmentRequest(req) ? 'layouts/modal' : 'layouts/page';
  const html = await renderView(res, layout, { ...locals, ...kernelLocals(res), body });
  res.status(status).type('html').send(html);
}

/** Renders a modal form: 200 with errors, or the full page when not asked by the client. */
export async function renderForm(req: Request, res: Response, view: string, locals: Record<string, unknown>, status = 200): Promise<void> {
  await renderScreen(req, res, view, locals, status);
}
