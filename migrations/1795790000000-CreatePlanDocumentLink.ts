import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Document portal of outside companies (issue 25 item 2): a mailed link per plan company (token
 * stored hashed, expiry, revocation), and on each document version the link it arrived through.
 */
export class CreatePlanDocumentLink1795790000000 implements MigrationInterface {
  name = 'CreatePlanDocumentLink1795790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_document_link" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "plan_company_id" integer NOT NULL, "email" character varying(180) NOT NULL, "asked_type_ids" integer array NOT NULL DEFAULT '{}', "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_by_id" integer, "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_plan_document_link" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_document_link_token" ON "plan_document_link" ("token_hash")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_document_link_active" ON "plan_document_link" ("plan_company_id") WHERE "revoked_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_document_link_plan" ON "plan_document_link" ("tenant_id", "plan_id")`);
    await queryRunner.query(`ALTER TABLE "plan_document_link" ADD CONSTRAINT "FK_plan_document_link_tenant" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_link" ADD CONSTRAINT "FK_plan_document_link_plan" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_link" ADD CONSTRAINT "FK_plan_document_link_company" FOREIGN KEY ("plan_company_id") REFERENCES "plan_company"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_link" ADD CONSTRAINT "FK_plan_document_link_creator" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_link" ADD CONSTRAINT "FK_plan_document_link_revoker" FOREIGN KEY ("revoked_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document" ADD "portal_link_id" integer`);
    await queryRunner.query(`ALTER TABLE "plan_document" ADD CONSTRAINT "FK_plan_document_portal_link" FOREIGN KEY ("portal_link_id") REFERENCES "plan_document_link"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_document" DROP CONSTRAINT "FK_plan_document_portal_link"`);
    await queryRunner.query(`ALTER TABLE "plan_document" DROP COLUMN "portal_link_id"`);
    await queryRunner.query(`DROP TABLE "plan_document_link"`);
  }
}
