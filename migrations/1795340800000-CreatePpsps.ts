import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The PPSPS tables: ppsps, its substitutes, companies (ET, MOE, MOA, SPS, ST) and signatures. */
export class CreatePpsps1795340800000 implements MigrationInterface {
  name = 'CreatePpsps1795340800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ppsps" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "number" character varying(40) NOT NULL, "hierarchy_item_id" integer, "entity_id" integer, "correspondent_id" integer, "tiers_id" integer, "start_date" date, "end_date" date, "start_time" TIME, "end_time" TIME, "address" text, "nature_of_operations" text, "access_instructions" text, "average_staff" integer, "peak_staff" integer, "vehicles" text, "contract_signed_date" date, "second_oeuvre_without_risks" boolean NOT NULL DEFAULT false, "description" text, "designation" text, "labour_inspection_id" integer, "occupational_medicine_id" integer, "first_aid" text, "welfare_facilities" text, "assembly_points" text, "emergency_numbers" text, "joint_inspection_date" date, "joint_inspection_time" TIME, "joint_inspection_place" character varying(255), "opening_notice_date" date, "opening_notice_permit_number" character varying(60), "opening_notice_recipients" text, "status" character varying(20) NOT NULL DEFAULT 'draft', "archived" boolean NOT NULL DEFAULT false, "amendment_number" integer NOT NULL DEFAULT '0', "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_ppsps_status" CHECK ("status" IN ('draft', 'waiting_manual', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired')), CONSTRAINT "PK_5a74c40838f31f1d8290d0266ba" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ppsps_tenant_status" ON "ppsps"  ("tenant_id", "status") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_ppsps_tenant_number" ON "ppsps"  ("tenant_id", "number") `);
    await queryRunner.query(`CREATE TABLE "ppsps_substitute" ("ppsps_id" integer NOT NULL, "user_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_a9ae1d9f86d4769594825e12d9d" PRIMARY KEY ("ppsps_id", "user_id"))`);
    await queryRunner.query(`CREATE TABLE "ppsps_company" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "ppsps_id" integer NOT NULL, "kind" character varying(3) NOT NULL, "parent_id" integer, "tiers_id" integer, "name" character varying(255) NOT NULL, "director" character varying(255), "substitutes" text, "tiers_address_id" integer, "address_name" character varying(255), "address" text, "zip_code" character varying(20), "city" character varying(150), "country" character varying(100), "contact_id" integer, "last_name" character varying(150), "first_name" character varying(150), "phone" character varying(50), "mobile" character varying(50), "email" character varying(180), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "CHK_ppsps_company_parent" CHECK (("kind" = 'ST') = ("parent_id" IS NOT NULL)), CONSTRAINT "CHK_ppsps_company_kind" CHECK ("kind" IN ('ET', 'MOE', 'MOA', 'SPS', 'ST')), CONSTRAINT "PK_b5a46d6cd127f31c3e671a62eda" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ppsps_company_tenant_ppsps" ON "ppsps_company"  ("tenant_id", "ppsps_id") `);
    await queryRunner.query(`CREATE TABLE "ppsps_signature" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "ppsps_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "signer_key" character varying(60) NOT NULL, "plan_company_id" integer, "plan_staff_id" integer, "user_id" integer, "signer_name" character varying(255) NOT NULL, "image" text NOT NULL, "has_watermark" boolean NOT NULL DEFAULT false, "channel" character varying(10) NOT NULL, "round" integer NOT NULL DEFAULT '0', "pdf_sha256" character varying(64), "history_id" integer, "signed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "superseded_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_ppsps_signature_channel" CHECK ("channel" IN ('app', 'site', 'link')), CONSTRAINT "CHK_ppsps_signature_kind" CHECK ("kind" IN ('company', 'staff', 'internal', 'inspection')), CONSTRAINT "PK_a0500956a12f9f7f6625e9b3cf2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_ppsps_signature_signer" ON "ppsps_signature"  ("ppsps_id", "signer_key", "round") WHERE "superseded_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_ppsps_signature_ppsps" ON "ppsps_signature"  ("tenant_id", "ppsps_id", "round") `);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_c8d1364a881160d8e96a0df5ea9" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_76ca21ce13374649f589ec6d4a0" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_30db5973c2399848676b4e30e46" FOREIGN KEY ("entity_id") REFERENCES "hierarchy_item"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_a42bb05eca3358e64119cb52f8c" FOREIGN KEY ("correspondent_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_15de44209c8875c1d3fadca4cf4" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_706665f6658db33a2a4d5c498d2" FOREIGN KEY ("labour_inspection_id") REFERENCES "prevention_organisation"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_19bb4990451d68f25c6f6e77270" FOREIGN KEY ("occupational_medicine_id") REFERENCES "prevention_organisation"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_26b47673f94a3992a6624ab41a2" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_substitute" ADD CONSTRAINT "FK_fcbfdac2ece2c0af3f9ddd908e1" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_substitute" ADD CONSTRAINT "FK_7dacfd2b5a8c276c813248a9b2e" FOREIGN KEY ("ppsps_id") REFERENCES "ppsps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_substitute" ADD CONSTRAINT "FK_b984403dccccc31113d7d95fc0f" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" ADD CONSTRAINT "FK_f52b84801adec1e56ef99da2eec" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" ADD CONSTRAINT "FK_50c24fc1c6380aeb5ac213365b8" FOREIGN KEY ("ppsps_id") REFERENCES "ppsps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" ADD CONSTRAINT "FK_d217ce5d432878c4893aca438ff" FOREIGN KEY ("parent_id") REFERENCES "ppsps_company"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" ADD CONSTRAINT "FK_369b4d1a03dcaaa2159a3ea97b1" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" ADD CONSTRAINT "FK_6ab311468f3df88ad05f2ed309c" FOREIGN KEY ("tiers_address_id") REFERENCES "tiers_address"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" ADD CONSTRAINT "FK_8fd12a3a924eddb2bc29c736053" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_signature" ADD CONSTRAINT "FK_d34d0b6bbbe86854b805fab152d" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_signature" ADD CONSTRAINT "FK_8b49a5bc5f84f2b34285c8a4b86" FOREIGN KEY ("ppsps_id") REFERENCES "ppsps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps_signature" ADD CONSTRAINT "FK_778a5b7b55d01d1c524a6e3afb3" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ppsps_signature" DROP CONSTRAINT "FK_778a5b7b55d01d1c524a6e3afb3"`);
    await queryRunner.query(`ALTER TABLE "ppsps_signature" DROP CONSTRAINT "FK_8b49a5bc5f84f2b34285c8a4b86"`);
    await queryRunner.query(`ALTER TABLE "ppsps_signature" DROP CONSTRAINT "FK_d34d0b6bbbe86854b805fab152d"`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" DROP CONSTRAINT "FK_8fd12a3a924eddb2bc29c736053"`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" DROP CONSTRAINT "FK_6ab311468f3df88ad05f2ed309c"`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" DROP CONSTRAINT "FK_369b4d1a03dcaaa2159a3ea97b1"`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" DROP CONSTRAINT "FK_d217ce5d432878c4893aca438ff"`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" DROP CONSTRAINT "FK_50c24fc1c6380aeb5ac213365b8"`);
    await queryRunner.query(`ALTER TABLE "ppsps_company" DROP CONSTRAINT "FK_f52b84801adec1e56ef99da2eec"`);
    await queryRunner.query(`ALTER TABLE "ppsps_substitute" DROP CONSTRAINT "FK_b984403dccccc31113d7d95fc0f"`);
    await queryRunner.query(`ALTER TABLE "ppsps_substitute" DROP CONSTRAINT "FK_7dacfd2b5a8c276c813248a9b2e"`);
    await queryRunner.query(`ALTER TABLE "ppsps_substitute" DROP CONSTRAINT "FK_fcbfdac2ece2c0af3f9ddd908e1"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_26b47673f94a3992a6624ab41a2"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_19bb4990451d68f25c6f6e77270"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_706665f6658db33a2a4d5c498d2"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_15de44209c8875c1d3fadca4cf4"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_a42bb05eca3358e64119cb52f8c"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_30db5973c2399848676b4e30e46"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_76ca21ce13374649f589ec6d4a0"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_c8d1364a881160d8e96a0df5ea9"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ppsps_signature_ppsps"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_ppsps_signature_signer"`);
    await queryRunner.query(`DROP TABLE "ppsps_signature"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ppsps_company_tenant_ppsps"`);
    await queryRunner.query(`DROP TABLE "ppsps_company"`);
    await queryRunner.query(`DROP TABLE "ppsps_substitute"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_ppsps_tenant_number"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ppsps_tenant_status"`);
    await queryRunner.query(`DROP TABLE "ppsps"`);
  }
}
