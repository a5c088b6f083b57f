import { SUPER_ADMIN } from './registry';

/** A right as SQL: a placeholder (`$2`) passes through, a right name becomes a checked literal. */
function rightExpression(right: string): string {
  if (/^\$\d+$/.test(right)) return right;
  if (!/^[a-z_]+\.[a-z_]+$/.test(right)) throw new Error(`Droit invalide : ${right}`);
  return `'${right}'`;
}

/**
 * SQL condition: the user row `alias` holds `right` in the company `tenant` through the roles
 * they hold there. Roles belong to a company (docs/rights.md), so a role of another company the
 * user also works for never counts. `tenant` is an SQL expression (`$1`, `x.tenant_id`);
 * `right` a placeholder or a right name.
 *
 * `superAdmin: 'holds'` (access) counts a super administrator as holding every right;
 * `'excluded'` (subscriptions such as mails) counts only the other roles that hold it, so a
 * super administrator does not receive every mail of the company.
 */
export function holdsRightSql(alias: string, tenant: string, right: string, superAdmin: 'holds' | 'excluded' = 'holds'): string {
  const r = rightExpression(right);
  // Aliases end with an underscore: `tenant` may name a column of the caller's query.
  if (superAdmin === 'excluded') {
    return `EXISTS (SELECT 1 FROM user_role ur_ JOIN role ro_ ON ro_.id = ur_.role_id AND ro_.tenant_id = ${tenant} AND ro_.code <> '${SUPER_ADMIN}'
                      JOIN role_right rr_ ON rr_.role_id = ro_.id AND rr_."right" = ${r} WHERE ur_.user_id = ${alias}.id)`;
  }
  return `EXISTS (SELECT 1 FROM user_role ur_ JOIN role ro_ ON ro_.id = ur_.role_id AND ro_.tenant_id = ${tenant}
                    LEFT JOIN role_right rr_ ON rr_.role_id = ro_.id AND rr_."right" = ${r}
                   WHERE ur_.user_id = ${alias}.id AND (ro_.code = '${SUPER_ADMIN}' OR rr_."right" IS NOT NULL))`;
}
