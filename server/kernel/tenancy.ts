/**
 * SQL condition: the user row aliased `alias` is a member of the company given by the
 * placeholder `param` (its home company, or one it was given access to).
 */
export function userInTenant(alias = 'u', param = '$1'): string {
  // Not `tenant_id = $1 OR EXISTS (…)`: no index serves that OR, and every account of every
  // company was read. The two sources are read by their indexes, then the accounts by id.
  return `(${alias}.id = ANY(ARRAY(SELECT id FROM app_user WHERE tenant_id = ${param} UNION ALL SELECT user_id FROM user_tenant WHERE tenant_id = ${param})))`;
}
