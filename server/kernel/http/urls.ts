import { loadConfig } from '../config';
import type { ModuleDef } from '../module';
import { RouteTable } from './route-table';

let appRoutes: RouteTable | null = null;

/** The app-wide route table of `modules` (every module's routes, by name). */
export function routeTableOf(modules: readonly ModuleDef[]): RouteTable {
  const routes = new RouteTable();
  for (const m of modules) routes.add(m.routes);
  return routes;
}

/**
 * Makes `routes` the table that code without a request (mails, jobs, listeners) builds its URLs
 * from. Set once at boot by `createApp` and by `startBackground`; a later call replaces it (tests
 * build several apps of the same modules).
 */
export function useAppRoutes(routes: RouteTable): void {
  appRoutes = routes;
}

function table(): RouteTable {
  if (!appRoutes) throw new Error('Table des routes absente : createApp ou startBackground doit être appelé avant de construire une URL.');
  return appRoutes;
}

/** Path of a named route (`/prevention-plan/12`), for code without a request. */
export function appPath(name: string, params: Record<string, string | number> = {}): string {
  return table().path(name, params as Record<string, string>);
}

/** Absolute URL of a named route on `BASE_URL` (`https://vigie.example.fr/prevention-plan/12`), for mails. */
export function absoluteUrl(name: string, params: Record<string, string | number> = {}): string {
  return `${loadConfig().baseUrl.replace(/\/$/, '')}${appPath(name, params)}`;
}
