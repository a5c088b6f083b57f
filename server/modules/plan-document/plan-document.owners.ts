import type { DataSource, EntityManager } from 'typeorm';

type Db = DataSource | EntityManager;

/** A company of a plan as the documents see it. */
export interface PlanCompanyRef {
  id: number;
  kind: 'EU' | 'EE' | 'ST';
  name: string;
  tiersId: number | null;
  contactId: number | null;
  /** The manager's e-mail (snapshot on the plan, else the CRM contact's). */
  email: string | null;
  managerName: string | null;
  /** The manager's language (his CRM contact's), for the mails he receives. */
  locale: string | null;
}

/** A staff member of a plan as the documents see it. */
export interface PlanStaffRef {
  id: number;
  planCompanyId: number;
  contactId: number | null;
  name: string;
  companyName: string;
}

/** The companies and staff of a plan, the owners of its documents. */
export interface PlanOwners {
  companies: PlanCompanyRef[];
  staff: PlanStaffRef[];
}

/** Companies (EU first, then EE and ST) and staff members of a plan of the tenant. */
export async function loadPlanOwners(db: Db, tenantId: number, planId: number): Promise<PlanOwners> {
  const companies: PlanCompanyRef[] = (await db.query(
    `SELECT pc.id, pc.kind, pc.name, pc.tiers_id, pc.contact_id, COALESCE(NULLIF(pc.email, ''), c.email) AS email,
            NULLIF(trim(COALESCE(pc.first_name, c.first_name, '') || ' ' || COALESCE(pc.last_name, c.last_name, '')), '') AS manager_name, c.locale
       FROM plan_company pc LEFT JOIN contact c ON c.id = pc.contact_id AND c.tenant_id = pc.tenant_id
      WHERE pc.plan_id = $1 AND pc.tenant_id = $2
      ORDER BY CASE pc.kind WHEN 'EU' THEN 0 WHEN 'EE' THEN 1 ELSE 2 END, pc.id`, [planId, tenantId]))
    .map((r: Record<string, any>) => ({ id: r.id, kind: r.kind, name: r.name, tiersId: r.tiers_id, contactId: r.contact_id, email: r.email ?? null, managerName: r.manager_name ?? null, locale: r.locale ?? null }));
  const staff: PlanStaffRef[] = (await db.query(
    `SELECT s.id, s.plan_company_id, s.contact_id, trim(COALESCE(s.first_name, '') || ' ' || s.last_name) AS name, pc.name AS company_name
       FROM plan_staff s JOIN plan_company pc ON pc.id = s.plan_company_id
      WHERE s.plan_id = $1 AND s.tenant_id = $2 ORDER BY pc.id, lower(s.last_name), s.id`, [planId, tenantId]))
    .map((r: Record<string, any>) => ({ id: r.id, planCompanyId: r.plan_company_id, contactId: r.contact_id, name: r.name, companyName: r.company_name }));
  return { companies, staff };
}

/**
 * The companies of the plan the user speaks for as a CRM contact: he is their manager on the
 * plan, a contact of their tiers, or one of their staff members.
 */
export async function contactCompanyIds(db: Db, tenantId: number, planId: number, userId: number): Promise<number[]> {
  const rows = await db.query(
    `SELECT DISTINCT pc.id FROM plan_company pc
      WHERE pc.plan_id = $1 AND pc.tenant_id = $2 AND (
        EXISTS (SELECT 1 FROM contact c WHERE c.id = pc.contact_id AND c.user_id = $3 AND c.deleted_at IS NULL)
        OR EXISTS (SELECT 1 FROM contact_company cc JOIN contact c ON c.id = cc.contact_id
                    WHERE cc.tiers_id = pc.tiers_id AND cc.tenant_id = pc.tenant_id AND c.user_id = $3 AND c.deleted_at IS NULL)
        OR EXISTS (SELECT 1 FROM plan_staff s LEFT JOIN contact c ON c.id = s.contact_id
                    WHERE s.plan_company_id = pc.id AND (s.user_id = $3 OR c.user_id = $3)))`, [planId, tenantId, userId]);
  return rows.map((r: { id: number }) => r.id);
}

/** The current versions of the documents of a CRM record (tiers or contact), for its page. */
export async function listOwnerDocuments(db: Db, tenantId: number, ownerKind: 'tiers' | 'contact', ownerId: number): Promise<Array<{ id: number; typeLabel: string; revision: number; expiresOn: string | null; validatedAt: Date | null }>> {
  return db.query(
    `SELECT DISTINCT ON (d.document_type_id) d.id, t.label AS "typeLabel", d.revision, to_char(d.expires_on, 'YYYY-MM-DD') AS "expiresOn", d.validated_at AS "validatedAt"
       FROM plan_document d JOIN document_type t ON t.id = d.document_type_id
      WHERE d.tenant_id = $1 AND d.owner_kind = $2 AND d.owner_id = $3 AND d.deleted_at IS NULL AND NOT d.is_model
      ORDER BY d.document_type_id, d.revision DESC`, [tenantId, ownerKind, ownerId]);
}
