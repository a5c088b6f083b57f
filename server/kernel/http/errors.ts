/** An error that maps to an HTTP status and a French message key. */
export class HttpError extends Error {
  constructor(public readonly status: number, public readonly messageKey: string, public readonly params: Record<string, unknown> = {}) {
    super(messageKey);
  }
}

/** 404: the page does not exist, or belongs to another company. */
export const notFound = () => new HttpError(404, 'errors.not_found.title');
/** 403: the user lacks the right. */
export const forbidden = () => new HttpError(403, 'errors.forbidden.message');

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/** True when the error says PostgreSQL cannot be reached (the page then answers 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: any = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if (DB_DOWN_CODES.has(e.code)) return true;
    const msg = String(e.message ?? '');
    if (/Connection terminated|connection timeout|Client has encountered a connection error|ECONNREFUSED|connect ETIMEDOUT/i.test(msg)) return true;
    e = e.driverError ?? e.cause;
  }
  return false;
}

/**
 * True when the database is there but overloaded: no pooled connection came free within
 * DB_POOL_WAIT_MS, or a statement ran past DB_STATEMENT_TIMEOUT_MS (57014). That one request
 * gets a French 503; the others go on, unlike an outage, which closes the door to all of them.
 */
export function isDatabaseBusy(err: unknown): boolean {
  let e: any = err;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '57014' || /timeout exceeded when trying to connect/i.test(String(e.message ?? ''))) return true;
    e = e.driverError ?? e.cause;
  }
  return false;
}
