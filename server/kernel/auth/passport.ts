import type { Request } from 'express';
import passport from 'passport';
import type { DataSource } from 'typeorm';
import { clock } from '../clock';
import { sessionExpiry, touchSession, type SessionTiming } from './sessions';

/** Session field telling the login page why the previous session ended. */
export interface SessionEndNote {
  endedBy?: 'idle' | 'absolute';
}

/**
 * Configures passport for sessions only: the session keeps the user id; credentials, account
 * states and the second factor are checked by the identity module before `req.login`.
 * Each request also enforces the idle and absolute timeouts (read from `clock`).
 */
export function configurePassport(_ds: DataSource): passport.PassportStatic {
  passport.serializeUser((user, done) => done(null, (user as { id: number }).id));
  passport.deserializeUser((req: Request, id: number, done: (err: unknown, user?: false | { id: number }) => void) => {
    const timing = req.session as unknown as SessionTiming;
    const now = clock.now();
    const expired = sessionExpiry(timing, now);
    if (expired) {
      delete timing.authAt;
      delete timing.seenAt;
      (req.session as unknown as SessionEndNote).endedBy = expired;
      return done(null, false);
    }
    touchSession(timing, now);
    return done(null, { id });
  });
  return passport;
}
