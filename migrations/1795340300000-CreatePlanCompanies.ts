import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Companies (EU / EE / ST) and staff members of prevention plans. */
export class CreatePlanCompanies1795340300000 implements MigrationInterface {
  name = 'CreatePlanCompanies1795340300000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_company" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "kind" character varying(2) NOT NULL, "parent_id" integer, "tiers_id" integer, "name" character varying(255) NOT NULL, "director" character varying(255), "substitutes" text, "tiers_address_id" integer, "address_name" character varying(255), "address" text, "zip_code" character varying(20), "city" character varying(150), "country" character varying(100), "contact_id" integer, "last_name" character varying(150), "first_name" character varying(150), "phone" character varying(50), "mobile" character varying(50), "email" character varying(180), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "CHK_plan_company_parent" CHECK (("kind" = 'ST') = ("parent_id" IS NOT NULL)), CONSTRAINT "CHK_plan_company_kind" CHECK ("kind" IN ('EU', 'EE', 'ST')), CONSTRAINT "PK_50b272105ef8649d27fb2b907a7" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_company_tenant_plan" ON "plan_company"("tenant_id", "plan_id")`);
    await queryRunner.query(`CREATE TABLE "plan_staff" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "plan_company_id" integer NOT NULL, "contact_id" integer, "user_id" integer, "last_name" character varying(150) NOT NULL, "first_name" character varying(150), "qualification" character varying(255), "external" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_c474d4245501efa61c4a4b9ac12" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_staff_contact" ON "plan_staff"("plan_company_id", "contact_id") WHERE "contact_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_staff_company" ON "plan_staff"("plan_company_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_staff_tenant_plan" ON "plan_staff"("tenant_id", "plan_id")`);
    await queryRunner.query(`ALTER TABLE "plan_company" ADD CONSTRAINT "FK_27c5fa3934c22f9b6bb87053539" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_company" ADD CONSTRAINT "FK_1e58a63b0b0837d43c01995363a" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_company" ADD CONSTRAINT "FK_304f56d13da1a9e648c7a6a6623" FOREIGN KEY ("parent_id") REFERENCES "plan_company"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_company" ADD CONSTRAINT "FK_462b5b401bfa34009e6a18d5ca6" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_company" ADD CONSTRAINT "FK_2be865c225f087a727b4ba15a4d" FOREIGN KEY ("tiers_address_id") REFERENCES "tiers_address"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_company" ADD CONSTRAINT "FK_a9f253f2ce4606bd97821a618da" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_staff" ADD CONSTRAINT "FK_ea9d5ff990dda7a659bd6fb4fdc" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_staff" ADD CONSTRAINT "FK_1694eed712a8a1d472aee172ce3" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_staff" ADD CONSTRAINT "FK_9612871c1745da8158aa64528bb" FOREIGN KEY ("plan_company_id") REFERENCES "plan_company"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_staff" ADD CONSTRAINT "FK_e7228939aa33a8d1e5358c790c0" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_staff" ADD CONSTRAINT "FK_d19a13f1e8db42f2260c04ff1c4" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_staff" DROP CONSTRAINT "FK_d19a13f1e8db42f2260c04ff1c4"`);
    await queryRunner.query(`ALTER TABLE "plan_staff" DROP CONSTRAINT "FK_e7228939aa33a8d1e5358c790c0"`);
    await queryRunner.query(`ALTER TABLE "plan_staff" DROP CONSTRAINT "FK_9612871c1745da8158aa64528bb"`);
    await queryRunner.query(`ALTER TABLE "plan_staff" DROP CONSTRAINT "FK_1694eed712a8a1d472aee172ce3"`);
    await queryRunner.query(`ALTER TABLE "plan_staff" DROP CONSTRAINT "FK_ea9d5ff990dda7a659bd6fb4fdc"`);
    await queryRunner.query(`ALTER TABLE "plan_company" DROP CONSTRAINT "FK_a9f253f2ce4606bd97821a618da"`);
    await queryRunner.query(`ALTER TABLE "plan_company" DROP CONSTRAINT "FK_2be865c225f087a727b4ba15a4d"`);
    await queryRunner.query(`ALTER TABLE "plan_company" DROP CONSTRAINT "FK_462b5b401bfa34009e6a18d5ca6"`);
    await queryRunner.query(`ALTER TABLE "plan_company" DROP CONSTRAINT "FK_304f56d13da1a9e648c7a6a6623"`);
    await queryRunner.query(`ALTER TABLE "plan_company" DROP CONSTRAINT "FK_1e58a63b0b0837d43c01995363a"`);
    await queryRunner.query(`ALTER TABLE "plan_company" DROP CONSTRAINT "FK_27c5fa3934c22f9b6bb87053539"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_staff_tenant_plan"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_staff_company"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_plan_staff_contact"`);
    await queryRunner.query(`DROP TABLE "plan_staff"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_company_tenant_plan"`);
    await queryRunner.query(`DROP TABLE "plan_company"`);
  }
}
