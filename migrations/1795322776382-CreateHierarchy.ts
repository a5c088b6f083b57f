import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Organisation of a company: hierarchy types and items (documents, companies, lots, sectors), sites, services, work units, and users attached to items and services. */
export class CreateHierarchy1795322776382 implements MigrationInterface {
  name = 'CreateHierarchy1795322776382';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "hierarchy_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "level" integer NOT NULL DEFAULT '1', "parent_id" integer, "attach_pdp" boolean NOT NULL DEFAULT false, "attach_action" boolean NOT NULL DEFAULT false, "attach_rh" boolean NOT NULL DEFAULT false, "attach_project" boolean NOT NULL DEFAULT false, "attach_consignment" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_484c407e2211e6330af7faba71b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_18499bcdd7de321f79ddbaf71b" ON "hierarchy_type"  ("tenant_id", "level") `);
    await queryRunner.query(`CREATE TABLE "hierarchy_item" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "type_id" integer NOT NULL, "parent_id" integer, "logo_file_id" integer, "plan_file_id" integer, "company_name" character varying(180), "address" character varying(255), "zip_code" character varying(20), "city" character varying(120), "country" character varying(120), "responsible_last_name" character varying(100), "responsible_first_name" character varying(100), "responsible_phone" character varying(30), "responsible_mobile" character varying(30), "responsible_email" character varying(180), "labour_inspectorate_address" text, "rescuers" text, "assembly_point" text, "emergency_numbers" text, "area_m2" integer, "level_count" integer, "parking_spaces" integer, "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_d0d0fd99638c51a335164c71539" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_07530cbe5b9e0162365a6a5728" ON "hierarchy_item"  ("tenant_id", "parent_id") `);
    await queryRunner.query(`CREATE TABLE "hierarchy_item_document" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "item_id" integer NOT NULL, "file_id" integer NOT NULL, "label" character varying(255) NOT NULL, CONSTRAINT "PK_3e13dad4c3460928ef3b8f28cd1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "hierarchy_item_company" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "item_id" integer NOT NULL, "name" character varying(180) NOT NULL, CONSTRAINT "PK_c179484ecd4120e35185659f06b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "hierarchy_item_lot" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "item_id" integer NOT NULL, "label" character varying(180) NOT NULL, CONSTRAINT "PK_cd6a4f4e5b5f8d61301615a407d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "site" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "company" character varying(180), "address" text, "responsible_contact" character varying(255), "labour_inspection_address" text, "plan_file_id" integer, "document_types" text, "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_635c0eeabda8862d5b0237b42b4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "sector" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "item_id" integer, "site_id" integer, "name" character varying(180) NOT NULL, "plan_file_id" integer, "plan_width" integer, "plan_height" integer, CONSTRAINT "CHK_sector_owner" CHECK (("item_id" IS NULL) <> ("site_id" IS NULL)), CONSTRAINT "PK_668b2ea8a2f534425407732f3ab" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "service" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "site_id" integer, "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_85a21558c006647cd76fdce044b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "user_hierarchy_item" ("user_id" integer NOT NULL, "hierarchy_item_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_fa0cc749a30406a349056de08a3" PRIMARY KEY ("user_id", "hierarchy_item_id"))`);
    await queryRunner.query(`CREATE TABLE "user_service" ("user_id" integer NOT NULL, "service_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_4159abfc0b72a5cd6e8081aa211" PRIMARY KEY ("user_id", "service_id"))`);
    await queryRunner.query(`CREATE TABLE "work_unit" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "weight" integer NOT NULL DEFAULT '1', "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_242be442bfa9b6c7de4f49b68c4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "hierarchy_type" ADD CONSTRAINT "FK_427528b18481d6b8ce34abbc615" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_type" ADD CONSTRAINT "FK_f33d79f75dceda8a44f385b0328" FOREIGN KEY ("parent_id") REFERENCES "hierarchy_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" ADD CONSTRAINT "FK_633e43443dc391dfb5d2982201b" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" ADD CONSTRAINT "FK_9dfb8db495a200a75dad92d7433" FOREIGN KEY ("type_id") REFERENCES "hierarchy_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" ADD CONSTRAINT "FK_4bed92dd46c4b68f0e288b40815" FOREIGN KEY ("parent_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" ADD CONSTRAINT "FK_e2fc446fb47cec75328c7a3bb86" FOREIGN KEY ("logo_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" ADD CONSTRAINT "FK_6083f20342068c3898cab27f5dc" FOREIGN KEY ("plan_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_document" ADD CONSTRAINT "FK_b2a4ff11ad41f878feacd3bae3a" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_document" ADD CONSTRAINT "FK_2e5d4882fc089af322879c45592" FOREIGN KEY ("item_id") REFERENCES "hierarchy_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_document" ADD CONSTRAINT "FK_e54938c8628578da1804c2cd537" FOREIGN KEY ("file_id") REFERENCES "stored_file"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_company" ADD CONSTRAINT "FK_fa377acf3a98fef55c3d76100d6" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_company" ADD CONSTRAINT "FK_6a777022fb5cb66f780936c481a" FOREIGN KEY ("item_id") REFERENCES "hierarchy_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_lot" ADD CONSTRAINT "FK_b0a629ad5a2241ce16e1a191678" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_lot" ADD CONSTRAINT "FK_b28337db5861b34309ccb96484a" FOREIGN KEY ("item_id") REFERENCES "hierarchy_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "site" ADD CONSTRAINT "FK_3a19dcb42c1e66505fe3c5b7a37" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "site" ADD CONSTRAINT "FK_d77897f1973871802d7bd94f5ed" FOREIGN KEY ("plan_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sector" ADD CONSTRAINT "FK_86e8fe6db380f8de55daf382484" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sector" ADD CONSTRAINT "FK_5fc57b59739b9a43a1e0458fe14" FOREIGN KEY ("item_id") REFERENCES "hierarchy_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sector" ADD CONSTRAINT "FK_aa1eef5c92a865983ca99055c63" FOREIGN KEY ("site_id") REFERENCES "site"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "sector" ADD CONSTRAINT "FK_446add3440a676c8987ee262096" FOREIGN KEY ("plan_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "service" ADD CONSTRAINT "FK_383f61dfeebd357332bf99fe35b" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "service" ADD CONSTRAINT "FK_db422bc0c51e3ed511a45533896" FOREIGN KEY ("site_id") REFERENCES "site"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_hierarchy_item" ADD CONSTRAINT "FK_9df9e684ac7271849f4e988d75d" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_hierarchy_item" ADD CONSTRAINT "FK_ad47c6504d8caca7ca6f05bad97" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_hierarchy_item" ADD CONSTRAINT "FK_3a5699ff25cb37f3512f35fa3f0" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_service" ADD CONSTRAINT "FK_5c84fd6aea82438602f04673ce0" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_service" ADD CONSTRAINT "FK_257201aaf76cde20d2ee8f69c73" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_service" ADD CONSTRAINT "FK_20861d1559a79e691cf889264b8" FOREIGN KEY ("service_id") REFERENCES "service"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_unit" ADD CONSTRAINT "FK_23221559672ba3492bce2def588" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "work_unit" DROP CONSTRAINT "FK_23221559672ba3492bce2def588"`);
    await queryRunner.query(`ALTER TABLE "user_service" DROP CONSTRAINT "FK_20861d1559a79e691cf889264b8"`);
    await queryRunner.query(`ALTER TABLE "user_service" DROP CONSTRAINT "FK_257201aaf76cde20d2ee8f69c73"`);
    await queryRunner.query(`ALTER TABLE "user_service" DROP CONSTRAINT "FK_5c84fd6aea82438602f04673ce0"`);
    await queryRunner.query(`ALTER TABLE "user_hierarchy_item" DROP CONSTRAINT "FK_3a5699ff25cb37f3512f35fa3f0"`);
    await queryRunner.query(`ALTER TABLE "user_hierarchy_item" DROP CONSTRAINT "FK_ad47c6504d8caca7ca6f05bad97"`);
    await queryRunner.query(`ALTER TABLE "user_hierarchy_item" DROP CONSTRAINT "FK_9df9e684ac7271849f4e988d75d"`);
    await queryRunner.query(`ALTER TABLE "service" DROP CONSTRAINT "FK_db422bc0c51e3ed511a45533896"`);
    await queryRunner.query(`ALTER TABLE "service" DROP CONSTRAINT "FK_383f61dfeebd357332bf99fe35b"`);
    await queryRunner.query(`ALTER TABLE "sector" DROP CONSTRAINT "FK_446add3440a676c8987ee262096"`);
    await queryRunner.query(`ALTER TABLE "sector" DROP CONSTRAINT "FK_aa1eef5c92a865983ca99055c63"`);
    await queryRunner.query(`ALTER TABLE "sector" DROP CONSTRAINT "FK_5fc57b59739b9a43a1e0458fe14"`);
    await queryRunner.query(`ALTER TABLE "sector" DROP CONSTRAINT "FK_86e8fe6db380f8de55daf382484"`);
    await queryRunner.query(`ALTER TABLE "site" DROP CONSTRAINT "FK_d77897f1973871802d7bd94f5ed"`);
    await queryRunner.query(`ALTER TABLE "site" DROP CONSTRAINT "FK_3a19dcb42c1e66505fe3c5b7a37"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_lot" DROP CONSTRAINT "FK_b28337db5861b34309ccb96484a"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_lot" DROP CONSTRAINT "FK_b0a629ad5a2241ce16e1a191678"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_company" DROP CONSTRAINT "FK_6a777022fb5cb66f780936c481a"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_company" DROP CONSTRAINT "FK_fa377acf3a98fef55c3d76100d6"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_document" DROP CONSTRAINT "FK_e54938c8628578da1804c2cd537"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_document" DROP CONSTRAINT "FK_2e5d4882fc089af322879c45592"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item_document" DROP CONSTRAINT "FK_b2a4ff11ad41f878feacd3bae3a"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" DROP CONSTRAINT "FK_6083f20342068c3898cab27f5dc"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" DROP CONSTRAINT "FK_e2fc446fb47cec75328c7a3bb86"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" DROP CONSTRAINT "FK_4bed92dd46c4b68f0e288b40815"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" DROP CONSTRAINT "FK_9dfb8db495a200a75dad92d7433"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" DROP CONSTRAINT "FK_633e43443dc391dfb5d2982201b"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_type" DROP CONSTRAINT "FK_f33d79f75dceda8a44f385b0328"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_type" DROP CONSTRAINT "FK_427528b18481d6b8ce34abbc615"`);
    await queryRunner.query(`DROP TABLE "work_unit"`);
    await queryRunner.query(`DROP TABLE "user_service"`);
    await queryRunner.query(`DROP TABLE "user_hierarchy_item"`);
    await queryRunner.query(`DROP TABLE "service"`);
    await queryRunner.query(`DROP TABLE "sector"`);
    await queryRunner.query(`DROP TABLE "site"`);
    await queryRunner.query(`DROP TABLE "hierarchy_item_lot"`);
    await queryRunner.query(`DROP TABLE "hierarchy_item_company"`);
    await queryRunner.query(`DROP TABLE "hierarchy_item_document"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_07530cbe5b9e0162365a6a5728"`);
    await queryRunner.query(`DROP TABLE "hierarchy_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_18499bcdd7de321f79ddbaf71b"`);
    await queryRunner.query(`DROP TABLE "hierarchy_type"`);
  }
}
