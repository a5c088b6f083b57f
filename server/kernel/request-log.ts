import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type pino from 'pino';
import pinoHttp from 'pino-http';
import type { AppConfig } from './config';

/** Built and static files (and the favicon): one page loads dozens, none tells anything. */
const STATIC_ASSET = /^\/(?:build|static)\/|^\/favicon\.ico$/;

/** Is `path` a built or static asset (never logged in development)? */
export function isStaticAsset(path: string): boolean {
  return STATIC_ASSET.test(path);
}

/** The development line of a request: `GET /action-plan 200 12 ms` (the path without its query, which may hold tokens). */
export function requestLine(method: string, url: string, status: number, ms: number): string {
  return `${method} ${url.split('?')[0]} ${status} ${Math.round(ms)} ms`;
}

/**
 * Request logging of the app. In production, one JSON object per request (pino-http, with the
 * route name), for the log collector. In development, one short readable line per request and
 * nothing for static assets, so the terminal keeps what `npm start` printed (the demo
 * accounts). In tests, none. Every request still gets `req.log`.
 */
export function requestLogging(config: Pick<AppConfig, 'env'>, logger: pino.Logger): RequestHandler {
  if (config.env !== 'development') {
    return pinoHttp({ logger, autoLogging: config.env !== 'test', customProps: (req) => ({ route: (req as Request).routeName }) });
  }
  const http = pinoHttp({ logger, autoLogging: false });
  return (req: Request, res: Response, next: NextFunction) => {
    http(req, res, () => {
      if (!isStaticAsset(req.path)) {
        const started = process.hrtime.bigint();
        res.once('finish', () => {
          const line = requestLine(req.method, req.originalUrl, res.statusCode, Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode >= 500) logger.error(line);
          else logger.info(line);
        });
      }
      next();
    });
  };
}
