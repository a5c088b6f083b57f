import type { Request } from 'express';
import type { AuthUser } from '../../kernel/rights/auth-user';
import type { TopbarBanner } from '../../kernel/topbar-banners';

/** What the banner shows while a session is switched into another account. */
export interface SwitchBanner {
  /** Display name of the real user (the one who logged in). */
  realName: string;
  /** Set when the switch uses a delegation (the banner then says so). */
  delegationId: number | null;
}

/** The session fields this module owns (passport keeps the effective user in `passport.user`). */
export interface SwitchSession {
  passport?: { user?: number };
  /** Id of the real user while switched. */
  switchedFrom?: number;
  switchBanner?: SwitchBanner;
  /** The real user's active company, restored on exit. */
  switchTenantId?: number;
  tenantId?: number;
}

function session(req: Request): SwitchSession | undefined {
  return req.session as unknown as SwitchSession | undefined;
}

/** Id of the real user when this session is switched into another account, else null. */
export function switchedFrom(req: Request): number | null {
  const from = session(req)?.switchedFrom;
  return typeof from === 'number' ? from : null;
}

/** The banner data of a switched session, else null (for templates: `switchBanner`). */
export function switchBanner(req: Request): SwitchBanner | null {
  return switchedFrom(req) !== null ? session(req)?.switchBanner ?? null : null;
}

/** The banner of the top bar while switched: whose session it is, and the way back. */
export const switchTopbarBanner: TopbarBanner = {
  key: 'account_switch',
  view: 'account-access/_banner',
  locals: (req) => {
    const banner = switchBanner(req);
    return banner ? { switchBanner: banner } : null;
  },
};

/** Points the session at `target`, remembering the real user. */
export function enterSwitch(req: Request, realUser: AuthUser, targetId: number, banner: SwitchBanner): void {
  const s = session(req)!;
  s.switchedFrom = realUser.id;
  s.switchBanner = banner;
  if (s.tenantId !== undefined) s.switchTenantId = s.tenantId;
  delete s.tenantId;
  s.passport = { ...s.passport, user: targetId };
}

/** Gives the session back to the real user; returns the account that was used, or null. */
export function leaveSwitch(req: Request): { realId: number; targetId: number | null } | null {
  const s = session(req);
  const realId = switchedFrom(req);
  if (!s || realId === null) return null;
  const targetId = s.passport?.user ?? null;
  s.passport = { ...s.passport, user: realId };
  delete s.switchedFrom;
  delete s.switchBanner;
  delete s.tenantId;
  if (s.switchTenantId !== undefined) s.tenantId = s.switchTenantId;
  delete s.switchTenantId;
  return { realId, targetId };
}
