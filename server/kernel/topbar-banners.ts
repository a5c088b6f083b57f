import type { Request } from 'express';
import { extensionPoint } from './extension';

/**
 * A banner of the top bar, shown on every page while `locals` answers (the account switch says
 * whose session it is). Declared by the module that owns it, so the layout never names a module.
 */
export interface TopbarBanner {
  /** Stable key. */
  key: string;
  /** View under `views/`, rendered with the page's locals plus what `locals` answers. */
  view: string;
  /** This request's locals for the view, or null to show nothing. */
  locals(req: Request): Record<string, unknown> | null;
}

/** A banner to draw on this page: its view and its locals. */
export interface ShownBanner {
  view: string;
  locals: Record<string, unknown>;
}

const banners = new Map<string, TopbarBanner>();

/** Adds a banner (once per key): through {@link topbarBanners} in a module's `contributes`, or directly in tests. */
export function registerTopbarBanner(banner: TopbarBanner): void {
  if (banners.has(banner.key)) throw new Error(`Bandeau déjà déclaré : ${banner.key}`);
  banners.set(banner.key, banner);
}

/** The banners of the top bar: a module contributes its own (`contribute(topbarBanners, myBanner)`). */
export const topbarBanners = extensionPoint<TopbarBanner>('layout.topbar_banners', registerTopbarBanner);

/** The banners this request shows, in order of declaration (the layout's `banners`). */
export function bannersFor(req: Request): ShownBanner[] {
  return [...banners.values()].flatMap((b) => {
    const locals = b.locals(req);
    return locals ? [{ view: b.view, locals }] : [];
  });
}
