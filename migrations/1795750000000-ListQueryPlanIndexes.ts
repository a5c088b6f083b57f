import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes found missing by the query plans of every page without an id
 * (tests/integration/perf/every-list-query-plan.test.ts, issue 21):
 *
 * - lists in their default order, read from an index instead of sorting all the company's rows
 *   (actions by number and closed actions by closure date, contacts, companies, employees, work
 *   interruptions, leave requests, PPSPS, security protocols, work orders, projects, open plans by
 *   end date); the lists sorted on `lower(…)` or `coalesce(…)` get an index on that expression,
 *   partial on `deleted_at IS NULL` as their queries say;
 * - foreign keys counted per row by the administration lists (events per type, companies per VAT
 *   rate, contacts per function, employees per activity category and per medical checkup type,
 *   checkups per type, interruptions per accident type), which read the whole table per row;
 * - a company's accounts and the members of its projects, looked up by company.
 *
 * Plain column indexes are declared in their entities; expression, partial or mixed-order ones
 * cannot be, and are named there with `synchronize: false`.
 */
export class ListQueryPlanIndexes1795750000000 implements MigrationInterface {
  name = 'ListQueryPlanIndexes1795750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [, sql] of INDEXES) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) await queryRunner.query(`DROP INDEX "${name}"`);
  }
}

const INDEXES: Array<[string, string]> = [
  // Action list, default order (newest first) within archived or not; the dashboard's closed actions by closure date.
  ['IDX_action_tenant_archived_id', `CREATE INDEX "IDX_action_tenant_archived_id" ON "action" ("tenant_id", "archived", "id")`],
  ['IDX_action_closure', `CREATE INDEX "IDX_action_closure" ON "action" ("tenant_id", "status", "archived", "closure_date" DESC NULLS LAST, "id" DESC) WHERE "deleted_at" IS NULL`],
  ['IDX_event_event_type', `CREATE INDEX "IDX_event_event_type" ON "event" ("event_type_id")`],
  // CRM: companies and contacts by name, case-insensitive; counts per VAT rate and per function.
  ['IDX_tiers_list_name', `CREATE INDEX "IDX_tiers_list_name" ON "tiers" ("tenant_id", lower("name"), "id") WHERE "deleted_at" IS NULL`],
  ['IDX_tiers_vat_rate', `CREATE INDEX "IDX_tiers_vat_rate" ON "tiers" ("vat_rate_id")`],
  ['IDX_contact_list_name', `CREATE INDEX "IDX_contact_list_name" ON "contact" ("tenant_id", lower("last_name"), lower("first_name"), "id") WHERE "deleted_at" IS NULL`],
  ['IDX_contact_company_function', `CREATE INDEX "IDX_contact_company_function" ON "contact_company" ("function_id")`],
  // HR: employees by name, interruptions by date (accident or start), leave requests by start; counts per type.
  ['IDX_employee_list_name', `CREATE INDEX "IDX_employee_list_name" ON "employee" ("tenant_id", lower("last_name"), lower("first_name"), "id") WHERE "deleted_at" IS NULL`],
  ['IDX_employee_activity_category', `CREATE INDEX "IDX_employee_activity_category" ON "employee" ("activity_category_id")`],
  ['IDX_employee_checkup_type', `CREATE INDEX "IDX_employee_checkup_type" ON "employee" ("medical_checkup_type_id")`],
  ['IDX_employee_medical_checkup_type', `CREATE INDEX "IDX_employee_medical_checkup_type" ON "employee_medical_checkup" ("type_id")`],
  ['IDX_work_interruption_list_date', `CREATE INDEX "IDX_work_interruption_list_date" ON "work_interruption" ("tenant_id", coalesce("accident_date", "interruption_start_date"), "id") WHERE "deleted_at" IS NULL`],
  ['IDX_work_interruption_accident_type', `CREATE INDEX "IDX_work_interruption_accident_type" ON "work_interruption" ("accident_type_id")`],
  ['IDX_paid_leave_request_list', `CREATE INDEX "IDX_paid_leave_request_list" ON "paid_leave_request" ("tenant_id", "start_date", "id")`],
  // PPSPS and security protocols, newest start first, within archived or not.
  ['IDX_ppsps_list', `CREATE INDEX "IDX_ppsps_list" ON "ppsps" ("tenant_id", "archived", "start_date", "id")`],
  ['IDX_security_protocol_list', `CREATE INDEX "IDX_security_protocol_list" ON "security_protocol" ("tenant_id", "archived", "start_date", "id")`],
  ['IDX_work_order_list', `CREATE INDEX "IDX_work_order_list" ON "work_order" ("tenant_id", "start_date", "id")`],
  // Plans not expired nor archived, by end date: the dashboards' and the weekly email's lists (in operation, ending soon, late).
  ['IDX_prevention_plan_open_end', `CREATE INDEX "IDX_prevention_plan_open_end" ON "prevention_plan" ("tenant_id", "end_date", "pdp_number") WHERE "deleted_at" IS NULL AND NOT "archived" AND "status" <> 'expired'`],
  // Projects, ending first (undated last), then by name.
  ['IDX_project_list', `CREATE INDEX "IDX_project_list" ON "project" ("tenant_id", "expected_end_date", lower("label"), "id") WHERE "deleted_at" IS NULL`],
  ['IDX_app_user_tenant', `CREATE INDEX "IDX_app_user_tenant" ON "app_user" ("tenant_id")`],
  ['IDX_project_member_tenant', `CREATE INDEX "IDX_project_member_tenant" ON "project_member" ("tenant_id", "user_id")`],
];
