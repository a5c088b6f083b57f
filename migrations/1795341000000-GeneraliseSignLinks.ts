import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signing links for every signed safety document (issue 7): `subject_type` with `document_id` /
 * `company_id` (ids in the type's tables, no foreign key); a plan's link keeps `plan_id` /
 * `plan_company_id` and their cascading foreign keys, null for the other types. Existing rows are
 * plans' links.
 */
export class GeneraliseSignLinks1795341000000 implements MigrationInterface {
  name = 'GeneraliseSignLinks1795341000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD "subject_type" character varying(30) NOT NULL DEFAULT 'prevention_plan'`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD "document_id" integer`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD "company_id" integer`);
    await queryRunner.query(`UPDATE "plan_sign_link" SET "document_id" = "plan_id", "company_id" = "plan_company_id"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ALTER COLUMN "document_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ALTER COLUMN "company_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ALTER COLUMN "plan_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ALTER COLUMN "plan_company_id" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_sign_link_document" ON "plan_sign_link" ("tenant_id", "subject_type", "document_id", "company_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Links of protocols and PPSPS have no plan: they go with the columns.
    await queryRunner.query(`DELETE FROM "plan_sign_link" WHERE "plan_id" IS NULL OR "plan_company_id" IS NULL`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_sign_link_document"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ALTER COLUMN "plan_company_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ALTER COLUMN "plan_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP COLUMN "company_id"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP COLUMN "document_id"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP COLUMN "subject_type"`);
  }
}
