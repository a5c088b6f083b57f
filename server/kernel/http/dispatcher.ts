import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { can } from '../rights/registry';
import { recordAudit } from '../audit/audit';
import { isValidCsrf } from './csrf';
import { HttpError } from './errors';
import { isFragmentRequest } from './render';
import { hostileInputError, inputProblem } from './input-guard';
import type { RouteHandler, RouteTable } from './route-table';

// Multipart forms without files (the client posts FormData): text fields only.
const textFieldsOnly = multer({ limits: { fields: 500, fieldSize: 1024 * 1024 } }).none() as unknown as RouteHandler;

function runMiddleware(mw: RouteHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void Promise.resolve(mw(req, res, (err?: unknown) => (err ? reject(err) : resolve()))).catch(reject);
  });
}

/**
 * Dispatches a request to its named route after the kernel checks, in order: route exists,
 * feature toggle on, logged in, right held, CSRF token on every POST.
 */
export function dispatcher(routes: RouteTable) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const found = routes.match(req.method, req.path);
    if (!found) return next();
    if ('allowed' in found) {
      res.setHeader('Allow', [...new Set(found.allowed)].join(', '));
      return next(new HttpError(405, 'errors.method_not_allowed'));
    }
    const { route, params } = found;
    const problem = inputProblem(params);
    if (problem) return next(hostileInputError(problem));
    req.routeParams = params;
    req.routeName = route.name;

    if (route.toggle && res.locals.toggles && res.locals.toggles[route.toggle] === false) return next(new HttpError(404, 'errors.not_found.title'));

    if (route.right !== 'public') {
      if (!req.authUser) {
        if (isFragmentRequest(req) || req.method !== 'GET') {
          res.status(401).json({ message: req.t('errors.session_expired') });
          return;
        }
        res.redirect(`${routes.path('login')}?target=${encodeURIComponent(req.originalUrl)}`);
        return;
      }
      if (!can(req.authUser, route.right)) {
        await recordAudit(req.ctx.db, { event: 'permission_refused', req, detail: { route: route.name, right: route.right } }).catch(() => undefined);
        return next(new HttpError(403, route.forbiddenMessage ?? 'errors.forbidden.message'));
      }
    }

    if (req.method === 'POST') {
      try {
        for (const parser of route.bodyParsers ?? (req.is('multipart/form-data') ? [textFieldsOnly] : [])) await runMiddleware(parser, req, res);
      } catch {
        return next(new HttpError(400, 'errors.bad_request'));
      }
      const bodyProblem = inputProblem(req.body);
      if (bodyProblem) return next(hostileInputError(bodyProblem));
    }

    if (req.method === 'POST' && !route.csrfExempt && !isValidCsrf(req)) {
      return next(new HttpError(403, 'errors.csrf_invalid'));
    }

    try {
      await route.handler(req, res, next);
    } catch (err) {
      next(err);
    }
  };
}
