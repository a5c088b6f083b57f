import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import { watchTemplates } from './http/templates';
import { useAppRoutes } from './http/urls';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { ROOT_DIR, type AppConfig } from './config';
import type { AppContext } from './context';
import { RouteTable } from './http/route-table';
import { cspNonce, securityHeaders } from './http/security';
import { csrfToken } from './http/csrf';
import { dispatcher } from './http/dispatcher';
import { HttpError, isDatabaseBusy, isDatabaseUnavailable } from './http/errors';
import { isFragmentRequest, renderView } from './http/render';
import { takeFlashes } from './http/flash';
import { configurePassport } from './auth/passport';
import { loadSessionUser, sessionUserFromRow } from './auth/load-user';
import { createSessionStore, takeSessionUserRow } from './auth/session-store';
import { TenantCache } from './tenant-cache';
import { catalogue, negotiateLocale, translator, initI18n } from './i18n/i18n';
import { formatDate, formatDateTime } from './i18n/format';
import { refLabel, type RefDataKind } from './i18n/refdata';
import { can, defineRights } from './rights/registry';
import { RIGHTS_CATALOGUE } from './rights/catalogue';
import { displayName } from './rights/auth-user';
import { togglesState } from './toggles/toggles';
import { visibleMenu } from './menu';
import { assetTags } from './islands/manifest';
import { CHART_COLORS, NAMED_COLORS } from './palette';
import type { ModuleDef } from './module';
import { createLogger } from './logger';
import { requestLogging } from './request-log';
import { mountHealth } from './http/health';
import { metricsRoute, requestMetrics } from './metrics';
import { createStorage } from './storage/create-storage';
import { bannersFor } from './topbar-banners';
import { installModules } from './extension';
import { saveSessionBeforeRedirect } from './http/session-redirect';
import { MAX_INPUT_DEPTH, MAX_INPUT_VALUES, rejectHostileInput } from './http/input-guard';

/** Options of {@link createApp}. */
export interface CreateAppOptions {
  config: AppConfig;
  dataSource: DataSource;
  modules: ModuleDef[];
}

/** Builds the Express application: security, sessions, i18n, named routes, error pages. */
export function createApp({ config, dataSource, modules }: CreateAppOptions): { app: Express; ctx: AppContext } {
  initI18n();
  const routes = new RouteTable();
  for (const [group, names] of Object.entries(RIGHTS_CATALOGUE)) defineRights(group, names);
  for (const m of modules) {
    routes.add(m.routes);
    for (const [group, names] of Object.entries(m.rights ?? {})) defineRights(group, names);
  }
  useAppRoutes(routes);
  installModules(modules);
  const ctx: AppContext = { config, db: dataSource, routes, databaseUp: true, tenantCache: new TenantCache() };
  const userMenu = modules.flatMap((m) => m.userMenu ?? []);
  const app = express();
  app.disable('x-powered-by');
  // Pages are per user and change with every edit: hashing each body for an ETag costs CPU for nothing.
  app.set('etag', false);
  // Login throttling counts per client address: behind a reverse proxy, trust that proxy's
  // X-Forwarded-For, or every client would share the proxy's address (TRUST_PROXY).
  app.set('trust proxy', config.trustProxy);
  // Filters post nested names in the query string (`selected[t3][]`), like forms do in the body.
  app.set('query parser', 'extended');
  app.locals.ctx = ctx;
  watchTemplates(config.env);

  // Probes come every few seconds: answered before the request log, the session and the database guard.
  mountHealth(app, ctx, createStorage(config));
  if (config.metrics.token) app.get('/metrics', metricsRoute(config.metrics.token));
  app.use(requestMetrics);
  const logger = createLogger(config);
  app.use(requestLogging(config, logger));
  app.use(cspNonce);
  app.use(securityHeaders(config.env === 'production'));
  // HTML, JSON, CSS and JS leave compressed, brotli when the browser takes it, gzip otherwise;
  // PDFs, images and archives (types that do not compress) leave as they are. Built assets, cached
  // a year by the browser, take brotli 4 / gzip 4. Pages and JSON are compressed on every request:
  // brotli 2 with a 256 KB window and gzip 1 (the 71 KB action list in 0.27 ms instead of 1.0 ms
  // with brotli 4 and its default 4 MB window, whose allocation is most of that cost; 9.0 KB on
  // the wire instead of 8.3 KB).
  const assetCompression = compression({ threshold: 1024, level: 4 });
  app.use('/build', assetCompression, express.static(path.join(ROOT_DIR, 'public', 'build'), { immutable: true, maxAge: '1y', index: false }));
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/static/favicon.svg'));
  app.use('/static', assetCompression, express.static(path.join(ROOT_DIR, 'public', 'static'), { maxAge: '1h', index: false }));
  app.use(compression({ threshold: 1024, level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
  app.use((req, _res, next) => {
    req.ctx = ctx;
    req.authUser = null;
    req.locale = negotiateLocale(undefined, req.get('Accept-Language'));
    req.t = translator(req.locale);
    next();
  });
  app.use(databaseGuard(ctx));
  // Large forms exist (the rights matrix has one box per role and right).
  // `depth` is body-parser 2's (its types lag): deeper names answer 400 instead of building 200-level objects.
  app.use(express.urlencoded({ extended: true, limit: '2mb', parameterLimit: MAX_INPUT_VALUES, depth: MAX_INPUT_DEPTH } as Parameters<typeof express.urlencoded>[0]));
  app.use(express.json({ limit: '2mb' }));
  app.use(rejectHostileInput);

  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  app.use(session({
    name: 'vigie.sid',
    // No UPDATE per request: the session is written when it changes, at least once a minute while
    // it is used (the idle timeout's `seenAt`), which moves its expiry too. Read with its user.
    store: createSessionStore(session, { pool, pruneSeconds: config.env === 'test' ? false : 900 }),
    secret: config.sessionSecret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.env === 'production', maxAge: 8 * 3600 * 1000 },
  }));
  const passport = configurePassport(dataSource);
  app.use(passport.initialize());
  app.use(passport.session());
  app.use(saveSessionBeforeRedirect);

  app.use(async (req, res, next) => {
    try {
      const sessionUser = req.user as { id: number } | undefined;
      let storedToggles: Record<string, boolean> = {};
      if (sessionUser) {
        const activeTenant = (req.session as unknown as { tenantId?: number }).tenantId;
        const row = takeSessionUserRow(req, sessionUser.id, activeTenant);
        const loaded = row ? sessionUserFromRow(row) : await loadSessionUser(dataSource, sessionUser.id, activeTenant);
        req.authUser = loaded?.user ?? null;
        req.tenantVersion = loaded?.tenantVersion ?? null;
        storedToggles = loaded?.storedToggles ?? {};
        if (!req.authUser) await new Promise<void>((resolve) => req.logout(() => resolve()));
      }
      req.locale = negotiateLocale(req.authUser?.locale, req.get('Accept-Language'));
      req.t = translator(req.locale);
      res.locals.toggles = req.authUser ? togglesState(storedToggles) : {};
      exposeLocals(req, res, ctx);
      res.locals.userMenu = req.authUser ? userMenu.filter((e) => !e.visible || e.visible(req.authUser!)) : [];
      next();
    } catch (err) {
      next(err);
    }
  });

  app.use(dispatcher(routes));
  app.use((_req, _res, next) => next(new HttpError(404, 'errors.not_found.title')));
  app.use(errorHandler(ctx, logger));
  return { app, ctx };
}

/** Template helpers every view can use. */
function exposeLocals(req: Request, res: Response, ctx: AppContext): void {
  const user = req.authUser;
  Object.assign(res.locals, {
    t: req.t,
    locale: req.locale,
    user,
    userName: user ? displayName(user) : '',
    path: (name: string, params?: Record<string, unknown>) => ctx.routes.path(name, params as Record<string, string>),
    hasRoute: (name: string) => ctx.routes.has(name),
    can: (right: string, subject?: unknown) => can(user, right, subject),
    csrfToken: () => csrfToken(req),
    formatDate,
    formatDateTime,
    // Seeded reference data in the reader's language (a renamed or company's own label as typed).
    refLabel: (kind: RefDataKind, label: string) => refLabel(req.locale, kind, label),
    // Taken only when a page layout renders them, so a stray request (favicon, 404) never eats them.
    flashes: () => (req.method === 'GET' && !isFragmentRequest(req) ? takeFlashes(req) : []),
    menu: user ? visibleMenu(user, res.locals.toggles, (n) => ctx.routes.has(n)) : [],
    routeName: req.routeName,
    assetTags: () => assetTags(res.locals.nonce),
    palette: { chart: CHART_COLORS, named: NAMED_COLORS },
    banners: bannersFor(req),
    clientMessages: catalogue(req.locale, 'client'),
    json: (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c'),
  });
}

/** While the database is down, a request starts a probe at most this often. */
const PROBE_EVERY_MS = 250;
/** How long a request waits for the probe in flight before it answers 503. */
const PROBE_WAIT_MS = 500;

/**
 * While PostgreSQL is down, answer a French 503 at once; requests probe it again (at most every
 * {@link PROBE_EVERY_MS}) and wait a little for the answer, so the first request after its return
 * is served, well under a second later.
 */
function databaseGuard(ctx: AppContext) {
  let probing: Promise<void> | null = null;
  let lastProbe = 0;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (ctx.databaseUp) return next();
    if (!probing && Date.now() - lastProbe >= PROBE_EVERY_MS) {
      lastProbe = Date.now();
      probing = ctx.db.query('SELECT 1').then(() => { ctx.databaseUp = true; }, () => undefined).finally(() => { probing = null; });
    }
    if (probing) await waitAtMost(probing, PROBE_WAIT_MS);
    if (ctx.databaseUp) return next();
    await sendServiceUnavailable(req, res);
  };
}

function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); });
  return Promise.race([promise.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

async function sendServiceUnavailable(req: Request, res: Response, messageKey = 'errors.unavailable.message'): Promise<void> {
  res.setHeader('Retry-After', messageKey === 'errors.unavailable.message' ? '10' : '2');
  if (isFragmentRequest(req) || req.method !== 'GET') {
    res.status(503).json({ message: req.t(messageKey) });
    return;
  }
  const html = await renderView(res, 'errors/unavailable', { t: req.t, locale: req.locale, nonce: res.locals.nonce, assetTags: () => assetTags(res.locals.nonce), messageKey });
  res.status(503).type('html').send(html);
}

/**
 * The French error of a body parser's or a decoder's refusal (http-errors with a 4xx status,
 * a malformed `%` escape): the client's fault, never a 500.
 */
function clientError(err: unknown): HttpError | null {
  const e = err as { status?: number; statusCode?: number; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (status === 413) return new HttpError(413, 'errors.too_large');
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpError(400, 'errors.bad_request');
  if (err instanceof URIError) return new HttpError(400, 'errors.bad_request');
  return null;
}

/** Turns every error into a French page or JSON message; never leaks a stack. */
function errorHandler(ctx: AppContext, logger: ReturnType<typeof createLogger>) {
  return async (err: unknown, req: Request, res: Response, _next: NextFunction): Promise<void> => {
    if (res.headersSent) return;
    try {
      if (!req.t) { req.t = translator('fr'); req.locale = 'fr'; }
      if (isDatabaseBusy(err)) {
        logger.warn({ err: (err as Error).message, route: req.routeName }, 'database busy');
        return await sendServiceUnavailable(req, res, 'errors.database_busy.message');
      }
      if (isDatabaseUnavailable(err)) {
        ctx.databaseUp = false;
        logger.warn({ err }, 'database unavailable');
        return await sendServiceUnavailable(req, res);
      }
      const httpErr = err instanceof HttpError ? err : clientError(err);
      if (!httpErr) logger.error({ err }, 'unhandled error');
      const status = httpErr?.status ?? 500;
      const key = httpErr?.messageKey ?? 'errors.server.message';
      if (isFragmentRequest(req) || req.method !== 'GET') {
        res.status(status).json({ message: req.t(key, httpErr?.params) });
        return;
      }
      if (!res.locals.t) exposeLocals(req, res, ctx);
      const html = await renderView(res, 'errors/error', { status, messageKey: key, body: '' });
      res.status(status).type('html').send(html);
    } catch (renderErr) {
      logger.error({ err: renderErr }, 'error page failed');
      res.status(500).type('text').send('Erreur interne du serveur.');
    }
  };
}
