import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Prevention administration lists: work types, prevention organisations, lots and specifications, seed marks. */
export class CreatePreventionAdmin1795340100000 implements MigrationInterface {
  name = 'CreatePreventionAdmin1795340100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "work_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(500) NOT NULL, "dangerous" boolean NOT NULL DEFAULT false, "weighting" integer NOT NULL DEFAULT '0', "is_roof_work" boolean NOT NULL DEFAULT false, "active" boolean NOT NULL DEFAULT true, "position" integer NOT NULL DEFAULT '0', "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_work_type_weighting" CHECK ("weighting" >= 0), CONSTRAINT "CHK_work_type_position" CHECK ("position" >= 0), CONSTRAINT "PK_3906cb061b122c41de5349c7935" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_work_type_list" ON "work_type"  ("tenant_id", "position")`);
    await queryRunner.query(`CREATE TABLE "prevention_organisation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(255) NOT NULL, "type" character varying(40) NOT NULL, "contact" character varying(255), "address" text, "email" character varying(180), "phone" character varying(40), "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_prevention_organisation_type" CHECK ("type" IN ('labour_inspection', 'occupational_medicine', 'cram', 'carsat', 'oppbtp')), CONSTRAINT "PK_088faabdeced86042231f16f5a8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_prevention_organisation_list" ON "prevention_organisation"  ("tenant_id", "type")`);
    await queryRunner.query(`CREATE TABLE "lot" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(255) NOT NULL, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2ba293e2165c7b93cd766c8ac9b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_lot_tenant" ON "lot"  ("tenant_id")`);
    await queryRunner.query(`CREATE TABLE "lot_specification" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "lot_id" integer NOT NULL, "label" character varying(255) NOT NULL, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fcfe0b1de00505cbd100f95f022" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_lot_specification_lot" ON "lot_specification"  ("tenant_id", "lot_id")`);
    await queryRunner.query(`CREATE TABLE "prevention_admin_seed" ("tenant_id" integer NOT NULL, "list" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0a7411c9294d1be65d81b3f1ef9" PRIMARY KEY ("tenant_id", "list"))`);
    await queryRunner.query(`ALTER TABLE "work_type" ADD CONSTRAINT "FK_81e216eb48752601f77332a31ed" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "prevention_organisation" ADD CONSTRAINT "FK_74cc83964de3ded4a04fc517171" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "lot" ADD CONSTRAINT "FK_e1202fa695e2e3d4ae22de35b62" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "lot_specification" ADD CONSTRAINT "FK_68f9631996a35d76ab214b61ac0" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "lot_specification" ADD CONSTRAINT "FK_4b851ffdfde24bf5050df5b552a" FOREIGN KEY ("lot_id") REFERENCES "lot"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "prevention_admin_seed" ADD CONSTRAINT "FK_e72bdf16eaba0950b3d023cb0fb" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "prevention_admin_seed" DROP CONSTRAINT "FK_e72bdf16eaba0950b3d023cb0fb"`);
    await queryRunner.query(`ALTER TABLE "lot_specification" DROP CONSTRAINT "FK_4b851ffdfde24bf5050df5b552a"`);
    await queryRunner.query(`ALTER TABLE "lot_specification" DROP CONSTRAINT "FK_68f9631996a35d76ab214b61ac0"`);
    await queryRunner.query(`ALTER TABLE "lot" DROP CONSTRAINT "FK_e1202fa695e2e3d4ae22de35b62"`);
    await queryRunner.query(`ALTER TABLE "prevention_organisation" DROP CONSTRAINT "FK_74cc83964de3ded4a04fc517171"`);
    await queryRunner.query(`ALTER TABLE "work_type" DROP CONSTRAINT "FK_81e216eb48752601f77332a31ed"`);
    await queryRunner.query(`DROP TABLE "prevention_admin_seed"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_lot_specification_lot"`);
    await queryRunner.query(`DROP TABLE "lot_specification"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_lot_tenant"`);
    await queryRunner.query(`DROP TABLE "lot"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_prevention_organisation_list"`);
    await queryRunner.query(`DROP TABLE "prevention_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_work_type_list"`);
    await queryRunner.query(`DROP TABLE "work_type"`);
  }
}
