import type { AuthUser } from './auth-user';
import { extensionPoint } from '../extension';

/** A named right declared by a module. Its label is the translation key `rights.<name>`. */
export interface RightDef {
  name: string;
  /** The module group of the admin matrix (admin, other, vgp, hr, companies, event, action ...). */
  group: string;
}

/** A record-level rule: may this user use this right on this subject? */
export type Policy<S = unknown> = (user: AuthUser, subject: S) => boolean;

const rights = new Map<string, RightDef>();
const policies = new Map<string, Policy<any>>();

/** Role that holds every right, whatever the matrix says. */
export const SUPER_ADMIN = 'super_admin';

/** Declares a module's named rights (idempotent for the same group; a clash throws). */
export function defineRights(group: string, names: string[]): void {
  for (const name of names) {
    const existing = rights.get(name);
    if (existing && existing.group !== group) throw new Error(`Droit ${name} déjà déclaré dans ${existing.group}`);
    rights.set(name, { name, group });
  }
}

/** Every declared right, grouped in declaration order. */
export function allRights(): RightDef[] {
  return [...rights.values()];
}

export function isDeclaredRight(name: string): boolean {
  return rights.has(name);
}

/** Sets the record rule of a right (through {@link recordRules}, or directly in tests). */
export function definePolicy<S>(right: string, policy: Policy<S>): void {
  policies.set(right, policy);
}

/** A right's record rule declared as data (in `<module>.policy.ts`). */
export interface RecordRule<S = any> {
  right: string;
  policy: Policy<S>;
}

/** The record rules of rights: a module contributes its own (`contribute(recordRules, ...MY_RULES)`). */
export const recordRules = extensionPoint<RecordRule>('rights:record_rules', (r) => definePolicy(r.right, r.policy));

/**
 * May `user` use `right` (on `subject`)? Needs the right through a role (super_admin holds
 * all), then the right's record rule when a subject is given.
 */
export function can(user: AuthUser | null | undefined, right: string, subject?: unknown): boolean {
  if (!user) return false;
  if (right === 'authenticated') return true;
  const held = user.roles.includes(SUPER_ADMIN) || user.rights.has(right);
  if (!held) return false;
  if (subject === undefined) return true;
  const policy = policies.get(right);
  return policy ? policy(user, subject) : true;
}
