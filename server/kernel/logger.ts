import pino from 'pino';
import type { AppConfig } from './config';

/** The application logger; secrets (cookies, tokens, passwords) are redacted. */
export function createLogger(config: AppConfig): pino.Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]', '*.password', '*._password', '*._csrf_token'],
      censor: '[masqué]',
    },
  });
}
