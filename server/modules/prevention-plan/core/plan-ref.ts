/**
 * What the modules built around a prevention plan (companies, staff, documents, risk analysis,
 * indicators) know of a plan: loaded once by the plan's access check, passed to tabs and checks.
 */
export interface PlanRef {
  id: number;
  tenantId: number;
  pdpNumber: string;
  subject: string;
  status: string;
  archived: boolean;
  createdById: number | null;
  orderingCustomerId: number | null;
  hierarchyItemId: number | null;
  /** ISO dates (YYYY-MM-DD) or null. */
  startDate: string | null;
  endDate: string | null;
  version: number;
}
