/**
 * SQL condition: the user row aliased `alias` is a member of the company given by the
 * placeholder `param` (its home company, or one it was given access to).
 */
export function userInTenant(alias = 'u', param = '$1'): string {
  return `(${alias}.tenant_id = ${param} OR EXISTS (SELECT 1 FROM user_tenant ut WHERE ut.user_id = ${alias}.id AND ut.tenant_id = ${param}))`;
}
