import pino from 'pino';
import type { AppConfig } from './config';

/** Fields of a pino record the readable line already shows or leaves out. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'responseTime']);
const LEVELS: Record<number, string> = { 40: 'ATTENTION', 50: 'ERREUR', 60: 'FATAL' };

/**
 * One pino JSON record as a short line for the terminal: `10:02:03 GET /action-plan 200 12 ms`,
 * a level word from warnings up, other fields as `key=value`, an error's stack below.
 */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = new Date(Number(record.time) || Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[Number(record.level)];
  const extras = Object.entries(record)
    .filter(([k, v]) => !SHOWN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const parts = [time, level, record.msg, ...extras].filter((p) => p !== undefined && p !== '');
  let line = parts.join(' ');
  const err = record.err as { message?: string; stack?: string } | string | undefined;
  if (typeof err === 'string') line += ` : ${err}`;
  else if (err) line += `\n${err.stack ?? err.message ?? ''}`;
  return line;
}

/** A pino destination that writes {@link readableLine}s to `out` (development). */
export function readableStream(out: { write(s: string): unknown }): pino.DestinationStream {
  return { write: (chunk: string) => { for (const json of chunk.split('\n')) if (json.trim()) out.write(`${readableLine(json)}\n`); } };
}

/**
 * The application logger; secrets (cookies, tokens, passwords) are redacted. JSON lines in
 * production (and tests); readable lines in development (no pino-pretty needed).
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'env'>, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]', '*.password', '*._password', '*._csrf_token'],
      censor: '[masqué]',
    },
  };
  const out = destination ?? (config.env === 'development' ? readableStream(process.stdout) : undefined);
  return out ? pino(options, out) : pino(options);
}
