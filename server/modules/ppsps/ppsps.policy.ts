import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';

/** What may be asked on a PPSPS (`add` has none: see {@link mayAddPpsps}). */
export type PpspsAbility = 'view' | 'edit' | 'manage' | 'delete' | 'sign' | 'documents' | 'amend';

/**
 * What the rules read of a PPSPS, loaded by ppsps-access.ts for the request's user: the row's
 * people and whether the user is the contact of a company on it.
 */
export interface PpspsSubject {
  id: number;
  tenantId: number;
  status: string;
  archived: boolean;
  createdById: number | null;
  correspondentId: number | null;
  substituteIds: number[];
  /** The user is the contact (CRM contact with his account) of a company on the PPSPS. */
  isCompanyMember: boolean;
}

const isCreator = (u: AuthUser, p: PpspsSubject) => p.createdById != null && Number(p.createdById) === u.id;
const isCorrespondent = (u: AuthUser, p: PpspsSubject) => p.correspondentId != null && Number(p.correspondentId) === u.id;
const isSubstitute = (u: AuthUser, p: PpspsSubject) => p.substituteIds.includes(u.id);
const involved = (u: AuthUser, p: PpspsSubject) => isCreator(u, p) || isCorrespondent(u, p) || isSubstitute(u, p) || p.isCompanyMember;

/*
 * Rights table of a PPSPS (docs/ppsps.md). A right is held through a role (super_admin holds all):
 *
 * | ability   | allowed when                                                                              |
 * |-----------|-------------------------------------------------------------------------------------------|
 * | view      | ppsps.view, and involved (creator, correspondent, substitute, company contact) or view_all |
 * | edit      | view, not archived, a draft, and ppsps.edit as creator / correspondent / substitute, or    |
 * |           | ppsps.manage                                                                              |
 * | manage    | view and ppsps.manage (archive, unarchive, edit every PPSPS)                              |
 * | delete    | view and ppsps.delete                                                                     |
 * | sign      | view, and the correspondent, a substitute, or ppsps.sign                                  |
 * | documents | view and ppsps.documents                                                                  |
 * | amend     | view, not archived, and ppsps.amend, the correspondent, a substitute or a company member  |
 * | add       | ppsps.add (no PPSPS yet)                                                                  |
 */
const RULES: Record<PpspsAbility, (u: AuthUser, p: PpspsSubject) => boolean> = {
  view: (u, p) => can(u, 'ppsps.view') && (involved(u, p) || can(u, 'ppsps.view_all')),
  edit: (u, p) => !p.archived && p.status === 'draft'
    && ((can(u, 'ppsps.edit') && (isCreator(u, p) || isCorrespondent(u, p) || isSubstitute(u, p))) || can(u, 'ppsps.manage')),
  manage: (u) => can(u, 'ppsps.manage'),
  delete: (u) => can(u, 'ppsps.delete'),
  sign: (u, p) => isCorrespondent(u, p) || isSubstitute(u, p) || can(u, 'ppsps.sign'),
  documents: (u) => can(u, 'ppsps.documents'),
  amend: (u, p) => !p.archived && (can(u, 'ppsps.amend') || isCorrespondent(u, p) || isSubstitute(u, p) || p.isCompanyMember),
};

/** May `user` use `ability` on the PPSPS? Every ability but `view` also needs `view`. */
export function mayOnPpsps(user: AuthUser, ability: PpspsAbility, p: PpspsSubject): boolean {
  if (!RULES.view(user, p)) return false;
  return ability === 'view' || RULES[ability](user, p);
}

/** May `user` create PPSPS? */
export function mayAddPpsps(user: AuthUser): boolean {
  return can(user, 'ppsps.add');
}

/** Every ability of `user` on the PPSPS, for templates. */
export function ppspsAbilities(user: AuthUser, p: PpspsSubject): Record<PpspsAbility, boolean> {
  const out = {} as Record<PpspsAbility, boolean>;
  for (const a of Object.keys(RULES) as PpspsAbility[]) out[a] = mayOnPpsps(user, a, p);
  return out;
}
