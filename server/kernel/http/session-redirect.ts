import type { NextFunction, Request, Response } from 'express';

/**
 * Makes every redirect wait until the session is stored. express-session sends the status and
 * headers before its own save completes, and a browser follows a 302 as soon as it reads the
 * `Location` header: the next GET could then load the session as it was before the POST and
 * lose what the POST put there (a flash message, a login, a company switch).
 */
export function saveSessionBeforeRedirect(req: Request, res: Response, next: NextFunction): void {
  // Only state changes (POST) put something in the session to keep; a GET redirect must not store
  // the session of every anonymous visitor sent to the login page.
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const redirect = res.redirect.bind(res) as (...args: unknown[]) => void;
  res.redirect = ((...args: unknown[]) => {
    if (!req.session) return redirect(...args);
    req.session.save((err) => (err ? next(err) : redirect(...args)));
  }) as Response['redirect'];
  next();
}
