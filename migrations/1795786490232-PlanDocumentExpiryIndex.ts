import type { MigrationInterface, QueryRunner } from 'typeorm';

/** PlanDocumentExpiryIndex (generated, then read by hand). */
export class PlanDocumentExpiryIndex1795786490232 implements MigrationInterface {
  name = 'PlanDocumentExpiryIndex1795786490232';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_plan_document_expiry" ON "plan_document"  ("tenant_id", "expires_on", "id") WHERE "deleted_at" IS NULL AND NOT "is_model"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_document_expiry"`);
  }
}
