import type { NextFunction, Request, Response } from 'express';
import { can } from '../rights/registry';
import { recordAudit } from '../audit/audit';
import { CSRF_FIELD, csrfHeader, csrfMatches, isValidCsrf } from './csrf';
import { closeAfterAnswer } from './close-after-answer';
import { HttpError } from './errors';
import { isFragmentRequest } from './render';
import { hostileInputError, inputProblem } from './input-guard';
import { readMultipart } from './multipart';
import type { RouteHandler, RouteTable } from './route-table';

/** Largest multipart form without files (the client posts every form as FormData). */
export const TEXT_FORM_MAX_BYTES = 4 * 1024 * 1024;

// Multipart forms without files: text fields only; a file part answers 400.
const textFieldsOnly: RouteHandler = (req, res, next) => {
  readMultipart(req, res, { maxBytes: TEXT_FORM_MAX_BYTES, maxFieldBytes: 1024 * 1024, maxParts: 500 }).then(() => next(), next);
};

const csrfRefused = () => new HttpError(403, 'errors.csrf_invalid');

function runMiddleware(mw: RouteHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void Promise.resolve(mw(req, res, (err?: unknown) => (err ? reject(err) : resolve()))).catch(reject);
  });
}

/**
 * Dispatches a request to its named route after the kernel checks, in order: route exists,
 * feature toggle on, logged in, right held, CSRF token on every POST, then the route's body
 * parsers. The token is checked before anything of the body is kept: from the header before
 * reading it, or else from the `_csrf_token` field, which must come before the first file part.
 */
export function dispatcher(routes: RouteTable) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    // A refusal before the body is read closes the connection: the client stops sending at once.
    const refuse = (err: HttpError): void => {
      if (req.method === 'POST') closeAfterAnswer(req, res);
      next(err);
    };
    const found = routes.match(req.method, req.path);
    if (!found) return next();
    if ('allowed' in found) {
      res.setHeader('Allow', [...new Set(found.allowed)].join(', '));
      return refuse(new HttpError(405, 'errors.method_not_allowed'));
    }
    const { route, params } = found;
    const problem = inputProblem(params);
    if (problem) return refuse(hostileInputError(problem));
    req.routeParams = params;
    req.routeName = route.name;

    if (route.toggle && res.locals.toggles && res.locals.toggles[route.toggle] === false) return refuse(new HttpError(404, 'errors.not_found.title'));

    if (route.right !== 'public') {
      if (!req.authUser) {
        if (isFragmentRequest(req) || req.method !== 'GET') {
          if (req.method === 'POST') closeAfterAnswer(req, res);
          res.status(401).json({ message: req.t('errors.session_expired') });
          return;
        }
        res.redirect(`${routes.path('login')}?target=${encodeURIComponent(req.originalUrl)}`);
        return;
      }
      if (!can(req.authUser, route.right)) {
        await recordAudit(req.ctx.db, { event: 'permission_refused', req, detail: { route: route.name, right: route.right } }).catch(() => undefined);
        return refuse(new HttpError(403, route.forbiddenMessage ?? 'errors.forbidden.message'));
      }
    }

    if (req.method === 'POST') {
      const checkCsrf = !route.csrfExempt;
      if (checkCsrf && csrfHeader(req) !== undefined && !isValidCsrf(req)) return refuse(csrfRefused());
      if (checkCsrf && csrfHeader(req) === undefined) req.beforeFileParts = (body) => (csrfMatches(req, body[CSRF_FIELD]) ? null : csrfRefused());
      try {
        for (const parser of route.bodyParsers ?? [textFieldsOnly]) await runMiddleware(parser, req, res);
      } catch (err) {
        return next(err instanceof HttpError ? err : new HttpError(400, 'errors.bad_request'));
      }
      const bodyProblem = inputProblem(req.body);
      if (bodyProblem) return next(hostileInputError(bodyProblem));
      if (checkCsrf && !isValidCsrf(req)) return next(csrfRefused());
    }

    try {
      await route.handler(req, res, next);
    } catch (err) {
      next(err);
    }
  };
}
