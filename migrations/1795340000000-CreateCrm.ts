import type { MigrationInterface, QueryRunner } from 'typeorm';

/** CreateCrm (generated, then read by hand). */
export class CreateCrm1795340000000 implements MigrationInterface {
  name = 'CreateCrm1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "contact" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "last_name" character varying(100) NOT NULL, "first_name" character varying(100) NOT NULL DEFAULT '', "birth_date" date, "civility" character varying(10), "address" character varying(255), "phone" character varying(30), "mobile" character varying(30), "email" character varying(180), "with_user_account" boolean NOT NULL DEFAULT false, "is_old_employee" boolean NOT NULL DEFAULT false, "user_id" integer, "locale" character varying(5) NOT NULL DEFAULT 'fr', "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_contact_civility" CHECK ("civility" IS NULL OR "civility" IN ('mr', 'mrs', 'ms')), CONSTRAINT "PK_2cbbe00f59ab6b3bb5b8d19f989" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_contact_user" ON "contact"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_contact_tenant_name" ON "contact"  ("tenant_id", "last_name", "first_name") `);
    await queryRunner.query(`CREATE TABLE "vat_rate" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(100) NOT NULL, "rate" numeric(5,2) NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e7a4f4bdee032b0c3e3f6450510" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_vat_rate_tenant" ON "vat_rate"  ("tenant_id", "rate") `);
    await queryRunner.query(`CREATE TABLE "tiers" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "director" character varying(180), "logo_file_id" integer, "email" character varying(180), "phone" character varying(30), "website" character varying(255), "is_provider" boolean NOT NULL DEFAULT false, "intra_vat_number" character varying(20), "state" character varying(10) NOT NULL DEFAULT 'prospect', "ape_code" character varying(10), "siret" character varying(14), "legal_form" character varying(60), "creation_year" integer, "staff_count" integer, "capital" numeric(15,2), "average_turnover" numeric(15,2), "activity_description" text, "referent_id" integer, "vat_rate_id" integer, "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_tiers_state" CHECK ("state" IN ('prospect', 'lead', 'customer', 'other')), CONSTRAINT "PK_908405492b9b2c2ae1cea1e1cc0" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_tiers_tenant_state" ON "tiers"  ("tenant_id", "state") `);
    await queryRunner.query(`CREATE INDEX "IDX_tiers_tenant_name" ON "tiers"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE TABLE "crm_function" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(150) NOT NULL, "is_manager" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d8b5434696d8ba97ed873b7a2b1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_crm_function_tenant_name" ON "crm_function"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE TABLE "contact_company" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "contact_id" integer NOT NULL, "tiers_id" integer NOT NULL, "function_id" integer, "pro_phone" character varying(30), "pro_mobile" character varying(30), "pro_email" character varying(180), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c631c4b71c60284b413e7214e72" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_contact_company_tiers" ON "contact_company"  ("tenant_id", "tiers_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_contact_company" ON "contact_company"  ("contact_id", "tiers_id") `);
    await queryRunner.query(`CREATE TABLE "crm_activity" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(150) NOT NULL, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7474a16af410dd0560653122dcb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_crm_activity_tenant_name" ON "crm_activity"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE TABLE "tiers_domain" ("tiers_id" integer NOT NULL, "domain_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_a2b9cb19d79da5016fa35e9ab71" PRIMARY KEY ("tiers_id", "domain_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_tiers_domain_domain" ON "tiers_domain"  ("domain_id") `);
    await queryRunner.query(`CREATE TABLE "tiers_address" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "tiers_id" integer NOT NULL, "name" character varying(150), "address" character varying(255) NOT NULL, "zip_code" character varying(20), "city" character varying(120), "country" character varying(80) DEFAULT 'France', "is_head_office" boolean NOT NULL DEFAULT false, "is_billing" boolean NOT NULL DEFAULT false, "is_main_billing" boolean NOT NULL DEFAULT false, "is_delivery" boolean NOT NULL DEFAULT false, "is_main_delivery" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0b874968706dfdbb9b3a4d48ce6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_tiers_address_tiers" ON "tiers_address"  ("tenant_id", "tiers_id") `);
    await queryRunner.query(`CREATE TABLE "tiers_activity" ("tiers_id" integer NOT NULL, "activity_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_4ce2ddd50d4259c43db4fd23f74" PRIMARY KEY ("tiers_id", "activity_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_tiers_activity_activity" ON "tiers_activity"  ("activity_id") `);
    await queryRunner.query(`ALTER TABLE "contact" ADD CONSTRAINT "FK_08659a4b4210fdb80bd62139099" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact" ADD CONSTRAINT "FK_33d4fc93803e7192e150216fffb" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "vat_rate" ADD CONSTRAINT "FK_61731039940401039fb43273365" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers" ADD CONSTRAINT "FK_0d337f0aa7dcca491eb9fb9bf3f" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers" ADD CONSTRAINT "FK_a2242f41323693789b2f8a629a8" FOREIGN KEY ("logo_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers" ADD CONSTRAINT "FK_1eaf88ecb0f46decf17a0909549" FOREIGN KEY ("referent_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers" ADD CONSTRAINT "FK_a4a21a1b99ee328ab6f377d0074" FOREIGN KEY ("vat_rate_id") REFERENCES "vat_rate"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers" ADD CONSTRAINT "FK_2047a05cb3e4e47e445db7b5db4" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "crm_function" ADD CONSTRAINT "FK_2eae3c1358f608521f7d203fbc2" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact_company" ADD CONSTRAINT "FK_c4e489999e7f437e102d79b6631" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact_company" ADD CONSTRAINT "FK_a196bf3ee9a36146a581635f815" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact_company" ADD CONSTRAINT "FK_a54fc1c026698fbe462926eb569" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "contact_company" ADD CONSTRAINT "FK_289456f374581ae5732e69a27cd" FOREIGN KEY ("function_id") REFERENCES "crm_function"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "crm_activity" ADD CONSTRAINT "FK_eb1e2c26ce90542b243d60e1997" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_domain" ADD CONSTRAINT "FK_ef2b98376832c6c6366cb81e266" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_domain" ADD CONSTRAINT "FK_bf8b221ee933abb49e2ec56574f" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_domain" ADD CONSTRAINT "FK_6c02d2a28b96cea97b93966037e" FOREIGN KEY ("domain_id") REFERENCES "nomenclature_item"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_address" ADD CONSTRAINT "FK_2754272a2c51de6c6ff404610f7" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_address" ADD CONSTRAINT "FK_57b5950fc8ba57a496d95201819" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_activity" ADD CONSTRAINT "FK_84a9168f83b41eec595223ca956" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_activity" ADD CONSTRAINT "FK_ac3706d512bd2963774d6f024b4" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "tiers_activity" ADD CONSTRAINT "FK_75861efe0cfecc667ac9cf7a49a" FOREIGN KEY ("activity_id") REFERENCES "crm_activity"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tiers_activity" DROP CONSTRAINT "FK_75861efe0cfecc667ac9cf7a49a"`);
    await queryRunner.query(`ALTER TABLE "tiers_activity" DROP CONSTRAINT "FK_ac3706d512bd2963774d6f024b4"`);
    await queryRunner.query(`ALTER TABLE "tiers_activity" DROP CONSTRAINT "FK_84a9168f83b41eec595223ca956"`);
    await queryRunner.query(`ALTER TABLE "tiers_address" DROP CONSTRAINT "FK_57b5950fc8ba57a496d95201819"`);
    await queryRunner.query(`ALTER TABLE "tiers_address" DROP CONSTRAINT "FK_2754272a2c51de6c6ff404610f7"`);
    await queryRunner.query(`ALTER TABLE "tiers_domain" DROP CONSTRAINT "FK_6c02d2a28b96cea97b93966037e"`);
    await queryRunner.query(`ALTER TABLE "tiers_domain" DROP CONSTRAINT "FK_bf8b221ee933abb49e2ec56574f"`);
    await queryRunner.query(`ALTER TABLE "tiers_domain" DROP CONSTRAINT "FK_ef2b98376832c6c6366cb81e266"`);
    await queryRunner.query(`ALTER TABLE "crm_activity" DROP CONSTRAINT "FK_eb1e2c26ce90542b243d60e1997"`);
    await queryRunner.query(`ALTER TABLE "contact_company" DROP CONSTRAINT "FK_289456f374581ae5732e69a27cd"`);
    await queryRunner.query(`ALTER TABLE "contact_company" DROP CONSTRAINT "FK_a54fc1c026698fbe462926eb569"`);
    await queryRunner.query(`ALTER TABLE "contact_company" DROP CONSTRAINT "FK_a196bf3ee9a36146a581635f815"`);
    await queryRunner.query(`ALTER TABLE "contact_company" DROP CONSTRAINT "FK_c4e489999e7f437e102d79b6631"`);
    await queryRunner.query(`ALTER TABLE "crm_function" DROP CONSTRAINT "FK_2eae3c1358f608521f7d203fbc2"`);
    await queryRunner.query(`ALTER TABLE "tiers" DROP CONSTRAINT "FK_2047a05cb3e4e47e445db7b5db4"`);
    await queryRunner.query(`ALTER TABLE "tiers" DROP CONSTRAINT "FK_a4a21a1b99ee328ab6f377d0074"`);
    await queryRunner.query(`ALTER TABLE "tiers" DROP CONSTRAINT "FK_1eaf88ecb0f46decf17a0909549"`);
    await queryRunner.query(`ALTER TABLE "tiers" DROP CONSTRAINT "FK_a2242f41323693789b2f8a629a8"`);
    await queryRunner.query(`ALTER TABLE "tiers" DROP CONSTRAINT "FK_0d337f0aa7dcca491eb9fb9bf3f"`);
    await queryRunner.query(`ALTER TABLE "vat_rate" DROP CONSTRAINT "FK_61731039940401039fb43273365"`);
    await queryRunner.query(`ALTER TABLE "contact" DROP CONSTRAINT "FK_33d4fc93803e7192e150216fffb"`);
    await queryRunner.query(`ALTER TABLE "contact" DROP CONSTRAINT "FK_08659a4b4210fdb80bd62139099"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tiers_activity_activity"`);
    await queryRunner.query(`DROP TABLE "tiers_activity"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tiers_address_tiers"`);
    await queryRunner.query(`DROP TABLE "tiers_address"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tiers_domain_domain"`);
    await queryRunner.query(`DROP TABLE "tiers_domain"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_crm_activity_tenant_name"`);
    await queryRunner.query(`DROP TABLE "crm_activity"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_contact_company"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_contact_company_tiers"`);
    await queryRunner.query(`DROP TABLE "contact_company"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_crm_function_tenant_name"`);
    await queryRunner.query(`DROP TABLE "crm_function"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tiers_tenant_name"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tiers_tenant_state"`);
    await queryRunner.query(`DROP TABLE "tiers"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_vat_rate_tenant"`);
    await queryRunner.query(`DROP TABLE "vat_rate"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_contact_tenant_name"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_contact_user"`);
    await queryRunner.query(`DROP TABLE "contact"`);
  }
}
