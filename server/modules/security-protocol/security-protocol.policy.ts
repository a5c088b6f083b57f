import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';

/** What a protocol ability may be asked on a protocol (`add` has none: see {@link mayAddProtocol}). */
export type ProtocolAbility = 'view' | 'edit' | 'manage' | 'delete' | 'sign' | 'risk_analyses';

/** The columns of a protocol the rules and the screens read (dates `YYYY-MM-DD`). */
export interface ProtocolRef {
  id: number;
  tenantId: number;
  pdsNumber: string;
  natureOfGoods: string;
  status: string;
  archived: boolean;
  createdById: number | null;
  responsibleId: number | null;
  hierarchyItemId: number | null;
  startDate: string | null;
  endDate: string | null;
  version: number;
}

/** A ProtocolRef plus what the rules read for the request's user. */
export interface ProtocolSubject extends ProtocolRef {
  substituteIds: number[];
  /** The user is the CRM contact (manager) of a company on the protocol. */
  isCompanyContact: boolean;
}

const isCreator = (u: AuthUser, p: ProtocolSubject) => p.createdById != null && Number(p.createdById) === u.id;
const isResponsible = (u: AuthUser, p: ProtocolSubject) => p.responsibleId != null && Number(p.responsibleId) === u.id;
const isSubstitute = (u: AuthUser, p: ProtocolSubject) => p.substituteIds.includes(u.id);
const involved = (u: AuthUser, p: ProtocolSubject) => isCreator(u, p) || isResponsible(u, p) || isSubstitute(u, p) || p.isCompanyContact;

/*
 * Rights table of a protocol (docs/security-protocol.md). A right is held through a role
 * (super_admin holds them all), then:
 *
 * | ability       | allowed when                                                                        |
 * |---------------|-------------------------------------------------------------------------------------|
 * | view          | pds.view, and involved (creator, responsible, substitute, contact of a company on   |
 * |               | the protocol) or pds.view_all / pds.manage                                          |
 * | edit          | view, draft, not archived, and pds.edit as creator / responsible / substitute, or   |
 * |               | pds.manage                                                                          |
 * | manage        | view and pds.manage (archive, unarchive, edit every protocol)                       |
 * | delete        | view and pds.delete                                                                 |
 * | sign          | view and internal signer: the responsible, a substitute, or pds.sign                |
 * | risk_analyses | edit                                                                                |
 * | add           | pds.add (no protocol yet)                                                           |
 */
const editRule = (u: AuthUser, p: ProtocolSubject) => !p.archived && p.status === 'draft'
  && ((can(u, 'pds.edit') && (isCreator(u, p) || isResponsible(u, p) || isSubstitute(u, p))) || can(u, 'pds.manage'));
const RULES: Record<ProtocolAbility, (u: AuthUser, p: ProtocolSubject) => boolean> = {
  view: (u, p) => can(u, 'pds.view') && (involved(u, p) || can(u, 'pds.view_all') || can(u, 'pds.manage')),
  edit: editRule,
  manage: (u) => can(u, 'pds.manage'),
  delete: (u) => can(u, 'pds.delete'),
  sign: (u, p) => isResponsible(u, p) || isSubstitute(u, p) || can(u, 'pds.sign'),
  risk_analyses: editRule,
};

/** May `user` use `ability` on the protocol? Every ability but `view` also needs `view`. */
export function mayOnProtocol(user: AuthUser, ability: ProtocolAbility, p: ProtocolSubject): boolean {
  if (!RULES.view(user, p)) return false;
  return ability === 'view' || RULES[ability](user, p);
}

/** May `user` create protocols? */
export function mayAddProtocol(user: AuthUser): boolean {
  return can(user, 'pds.add');
}

/** Every ability of `user` on the protocol, for templates. */
export function protocolAbilities(user: AuthUser, p: ProtocolSubject): Record<ProtocolAbility, boolean> {
  const out = {} as Record<ProtocolAbility, boolean>;
  for (const a of Object.keys(RULES) as ProtocolAbility[]) out[a] = mayOnProtocol(user, a, p);
  return out;
}
