import type { AuthUser } from '../../kernel/rights/auth-user';
import type { CountedDocuments } from '../prevention-plan';
import { visiblePpspsSql } from './ppsps-list.service';
import { PPSPS_STATUSES } from './ppsps.entity';

/**
 * The PPSPS the plan's counters (plan-indicators.service.ts) count for `user`: table `ppsps`, its
 * states, and the list's visibility rule (involved, or ppsps.view_all).
 */
export function ppspsDocuments(user: AuthUser): CountedDocuments {
  return { table: 'ppsps', statuses: PPSPS_STATUSES, tenantId: user.tenantId, visible: (params) => visiblePpspsSql(user, params) };
}
