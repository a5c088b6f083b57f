import { z } from 'zod';
import { queryDate, queryEnum, queryId, queryText } from '../../kernel/http/fields';

/** Kinds of audit rows offered in the filter. */
export const AUDIT_EVENTS = ['login', 'login_failure', 'logout', 'permission_refused', 'switch_user', 'deletion', 'account_change'] as const;

/** The filters of the audit list (query string): user (id and its typed label), kind, days as typed; a bad value falls back. */
export const auditFilterSchema = z.object({
  user: queryId,
  userLabel: queryText(200),
  event: queryEnum(AUDIT_EVENTS),
  from: queryDate,
  to: queryDate,
});
