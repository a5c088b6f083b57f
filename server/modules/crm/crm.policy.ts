import { can } from '../../kernel/rights/registry';
import type { AuthUser } from '../../kernel/rights/auth-user';

/** What the record rules need to know of a company or a contact. */
export interface CrmOwned { createdById: number | null; referentId?: number | null }

/**
 * Record rules of the CRM, one line per ability (see docs/crm.md). Every route already asks for
 * `companies.view`; `view_all` widens what is seen, `manage_all` what is edited.
 */
export const crmPolicy = {
  /** Sees every company and contact of the tenant. */
  seeAll: (u: AuthUser): boolean => can(u, 'companies.view_all') || can(u, 'companies.manage_all'),
  /** Edits every company and contact of the tenant. */
  manageAll: (u: AuthUser): boolean => can(u, 'companies.manage_all'),
  /** A company he created or is the internal referent of, or any with view_all. */
  seeTiers: (u: AuthUser, t: CrmOwned): boolean => crmPolicy.seeAll(u) || t.createdById === u.id || t.referentId === u.id,
  /** A company he created or is the internal referent of, or any with manage_all. */
  editTiers: (u: AuthUser, t: CrmOwned): boolean => crmPolicy.manageAll(u) || t.createdById === u.id || t.referentId === u.id,
  /** Anyone who sees the CRM may register a new company (he then owns it). */
  addTiers: (u: AuthUser): boolean => can(u, 'companies.view'),
  /** Giving a contact a login is an account administration act. */
  grantAccount: (u: AuthUser): boolean => can(u, 'companies.manage_all') || can(u, 'admin.users'),
};
