import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Document types and the documents of plans, plan companies, staff members and CRM records (issue 5, item 6). */
export class CreatePlanDocuments1795340400000 implements MigrationInterface {
  name = 'CreatePlanDocuments1795340400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "document_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(180) NOT NULL, "blank_file_id" integer, "added_by" character varying(20) NOT NULL DEFAULT 'outside_company', "nominative" boolean NOT NULL DEFAULT false, "editable_model" boolean NOT NULL DEFAULT false, "mandatory_all_plans" boolean NOT NULL DEFAULT false, "mandatory_contacts" boolean NOT NULL DEFAULT false, "mandatory_companies" boolean NOT NULL DEFAULT false, "to_sign" boolean NOT NULL DEFAULT false, "active" boolean NOT NULL DEFAULT true, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_document_type_added_by" CHECK ("added_by" IN ('outside_company', 'user_company')), CONSTRAINT "PK_2e1aa55eac1947ddf3221506edb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_document_type_list" ON "document_type"  ("tenant_id", "label") `);
    await queryRunner.query(`CREATE TABLE "plan_document" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "owner_kind" character varying(20) NOT NULL, "owner_id" integer NOT NULL, "plan_id" integer, "document_type_id" integer NOT NULL, "comment" character varying(255) NOT NULL DEFAULT '', "valid_from" date, "expires_on" date, "revision" integer NOT NULL DEFAULT '1', "is_model" boolean NOT NULL DEFAULT false, "validated_by_id" integer, "validated_at" TIMESTAMP WITH TIME ZONE, "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_plan_document_revision" CHECK ("revision" >= 1), CONSTRAINT "CHK_plan_document_owner_kind" CHECK ("owner_kind" IN ('plan', 'plan_company', 'plan_staff', 'tiers', 'contact')), CONSTRAINT "PK_2afa4a0dfa8196ebcb4fe496b60" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_document_plan" ON "plan_document"  ("tenant_id", "plan_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_document_revision" ON "plan_document"  ("tenant_id", "owner_kind", "owner_id", "document_type_id", "is_model", "revision") `);
    await queryRunner.query(`CREATE INDEX "IDX_plan_document_owner" ON "plan_document"  ("tenant_id", "owner_kind", "owner_id", "document_type_id") `);
    await queryRunner.query(`CREATE TABLE "plan_document_file" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "document_id" integer NOT NULL, "file_id" integer NOT NULL, CONSTRAINT "PK_f58e899d1fdabd0442174e094b6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7ca9c5348e653896c7af19240e" ON "plan_document_file"  ("document_id") `);
    await queryRunner.query(`ALTER TABLE "document_type" ADD CONSTRAINT "FK_5b8e266fa39b9f5abc84f44b5cf" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "document_type" ADD CONSTRAINT "FK_49fa3b65cdcf53ce3ba0ce4b858" FOREIGN KEY ("blank_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document" ADD CONSTRAINT "FK_45429d2bf653e6f347b1308d3bd" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document" ADD CONSTRAINT "FK_7c28e6222dfe8fcf0f2625706f8" FOREIGN KEY ("document_type_id") REFERENCES "document_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document" ADD CONSTRAINT "FK_3b06a92a93271dc3c1987adf8e0" FOREIGN KEY ("validated_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document" ADD CONSTRAINT "FK_3535be071496abd0e1f6e752ee8" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_file" ADD CONSTRAINT "FK_6c315a2e1e9ab9ebda01b668f16" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_file" ADD CONSTRAINT "FK_7ca9c5348e653896c7af19240ee" FOREIGN KEY ("document_id") REFERENCES "plan_document"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_document_file" ADD CONSTRAINT "FK_4535428228f4c502647c917d8d3" FOREIGN KEY ("file_id") REFERENCES "stored_file"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_document_file" DROP CONSTRAINT "FK_4535428228f4c502647c917d8d3"`);
    await queryRunner.query(`ALTER TABLE "plan_document_file" DROP CONSTRAINT "FK_7ca9c5348e653896c7af19240ee"`);
    await queryRunner.query(`ALTER TABLE "plan_document_file" DROP CONSTRAINT "FK_6c315a2e1e9ab9ebda01b668f16"`);
    await queryRunner.query(`ALTER TABLE "plan_document" DROP CONSTRAINT "FK_3535be071496abd0e1f6e752ee8"`);
    await queryRunner.query(`ALTER TABLE "plan_document" DROP CONSTRAINT "FK_3b06a92a93271dc3c1987adf8e0"`);
    await queryRunner.query(`ALTER TABLE "plan_document" DROP CONSTRAINT "FK_7c28e6222dfe8fcf0f2625706f8"`);
    await queryRunner.query(`ALTER TABLE "plan_document" DROP CONSTRAINT "FK_45429d2bf653e6f347b1308d3bd"`);
    await queryRunner.query(`ALTER TABLE "document_type" DROP CONSTRAINT "FK_49fa3b65cdcf53ce3ba0ce4b858"`);
    await queryRunner.query(`ALTER TABLE "document_type" DROP CONSTRAINT "FK_5b8e266fa39b9f5abc84f44b5cf"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7ca9c5348e653896c7af19240e"`);
    await queryRunner.query(`DROP TABLE "plan_document_file"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_document_owner"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_plan_document_revision"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_document_plan"`);
    await queryRunner.query(`DROP TABLE "plan_document"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_document_type_list"`);
    await queryRunner.query(`DROP TABLE "document_type"`);
  }
}
