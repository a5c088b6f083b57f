import type { Request } from 'express';
import type session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import { sessionUserSql } from './load-user';

/** The user row read with a session, and the id and company it was read for. */
interface Preloaded {
  userId: number;
  tenantId: number | null;
  row: Record<string, unknown>;
}

const PRELOADED = Symbol('preloaded session user');
const preloaded = new WeakMap<Request, Preloaded>();

// A session field as an int, or NULL when absent or not an id (never a cast error).
const intField = (path: string) => `(CASE WHEN ${path} ~ '^[0-9]{1,9}$' THEN (${path})::int END)`;
const SESSION_USER = intField(`s.sess->'passport'->>'user'`);
const SESSION_TENANT = intField(`s.sess->>'tenantId'`);

/**
 * The PostgreSQL session store (connect-pg-simple on the app's pool) that reads the session and
 * its user (account, roles and rights in the active company, toggles, cache version) in one
 * round trip: `SELECT` of the session row joined to {@link sessionUserSql}. The user row is
 * handed to the request and used by the user middleware only when the session still names the
 * same user and company once passport has run; otherwise the middleware reads it again. Nothing
 * is cached between requests: a disabled account or a changed right shows on the next request.
 */
export function createSessionStore(sessionModule: typeof session, opts: { pool: Pool; pruneSeconds: number | false }): session.Store {
  const PgStore = connectPgSimple(sessionModule);
  const sql = `SELECT s.sess, x.* FROM "session" s LEFT JOIN LATERAL (${sessionUserSql(SESSION_USER, SESSION_TENANT)}) x ON true
                WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;

  class UserPgStore extends PgStore {
    override get(sid: string, fn: (err: unknown, sess?: session.SessionData | null) => void): void {
      // connect-pg-simple starts its prune timer in its own `get`; this one stands in for it.
      const self = this as unknown as { pruneTimer?: NodeJS.Timeout; closed?: boolean; pruneSessions(): void };
      if (opts.pruneSeconds && !self.pruneTimer && !self.closed) {
        self.pruneTimer = setTimeout(() => self.pruneSessions(), opts.pruneSeconds * 1000);
        self.pruneTimer.unref();
      }
      opts.pool.query(sql, [sid, Math.ceil(Date.now() / 1000)]).then((result) => {
        const row = result.rows[0];
        if (!row) return fn(null, null);
        let sess: session.SessionData & { [PRELOADED]?: Preloaded };
        try {
          sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
        } catch {
          return this.destroy(sid, (err) => fn(err));
        }
        if (row.id != null) {
          const raw = sess as unknown as { passport?: { user?: unknown }; tenantId?: unknown };
          // Symbol-keyed: express-session neither copies it into the session nor hashes it.
          sess[PRELOADED] = { userId: Number(raw.passport?.user), tenantId: typeof raw.tenantId === 'number' ? raw.tenantId : null, row };
        }
        fn(null, sess);
      }, (err) => fn(err));
    }

    override createSession(req: Request, sess: session.SessionData & { [PRELOADED]?: Preloaded }): session.Session & session.SessionData {
      const pre = sess[PRELOADED];
      if (pre) {
        delete sess[PRELOADED];
        preloaded.set(req, pre);
      }
      return super.createSession(req, sess);
    }
  }
  return new UserPgStore({ pool: opts.pool, tableName: 'session', createTableIfMissing: false, disableTouch: true, pruneSessionInterval: opts.pruneSeconds });
}

/**
 * The user row read with the request's session, when it was read for `userId` in `tenantId`
 * (the session's company, undefined for none); null otherwise. Taken once.
 */
export function takeSessionUserRow(req: Request, userId: number, tenantId: number | undefined): Record<string, unknown> | null {
  const pre = preloaded.get(req);
  if (!pre) return null;
  preloaded.delete(req);
  return pre.userId === userId && pre.tenantId === (tenantId ?? null) ? pre.row : null;
}
