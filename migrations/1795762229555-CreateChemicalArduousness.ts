import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unique risk document's chemical products (issue 23 item 6) and arduousness criteria,
 * constraints, exposures and their staff (item 7). Generated, then read by hand.
 */
export class CreateChemicalArduousness1795762229555 implements MigrationInterface {
  name = 'CreateChemicalArduousness1795762229555';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "du_chemical_product" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "hierarchy_item_id" integer NOT NULL, "workstation_id" integer, "product" character varying(180) NOT NULL, "maker" character varying(180), "description" text, "pictograms" character varying(5) array NOT NULL DEFAULT '{}', "cmr_hazards" text, "safety_hazards" text, "environmental_hazards" text, "prevention_means" text, "sds_file_id" integer, "sds_date" date, "archived" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c15720a0b12079d1b960c2f33dc" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_chemical_product_sds" ON "du_chemical_product"  ("sds_file_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_chemical_product_workstation" ON "du_chemical_product"  ("workstation_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_chemical_product_item" ON "du_chemical_product"  ("hierarchy_item_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_chemical_product_list" ON "du_chemical_product"  ("tenant_id", "archived", "product", "id") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" ADD CONSTRAINT "FK_7c938b882bfbdd6fde2017be906" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" ADD CONSTRAINT "FK_2fa07b2d8dc7606063391589988" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" ADD CONSTRAINT "FK_92c7d7a4277e324f0cbe3279a27" FOREIGN KEY ("workstation_id") REFERENCES "du_workstation"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" ADD CONSTRAINT "FK_6bbb4b5229471ad27ef39844789" FOREIGN KEY ("sds_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE TABLE "du_arduousness_criterion" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(180) NOT NULL, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_306c23a1e669ba0e232d3af505d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_criterion_tenant" ON "du_arduousness_criterion"  ("tenant_id") `);
    await queryRunner.query(`CREATE TABLE "du_arduousness_constraint" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "criterion_id" integer NOT NULL, "label" character varying(255) NOT NULL, "unit" character varying(60) NOT NULL, "threshold" integer NOT NULL, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a3b6e4c840d0410c23d18c2bdd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_constraint_criterion" ON "du_arduousness_constraint"  ("tenant_id", "criterion_id") `);
    await queryRunner.query(`CREATE TABLE "du_arduousness_exposure" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "hierarchy_item_id" integer NOT NULL, "workstation_id" integer, "criterion_id" integer NOT NULL, "constraint_id" integer NOT NULL, "duration" integer NOT NULL, "comment" text, "archived" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6e22f6184de06c10633e04b9181" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_exposure_constraint" ON "du_arduousness_exposure"  ("constraint_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_exposure_criterion" ON "du_arduousness_exposure"  ("criterion_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_exposure_workstation" ON "du_arduousness_exposure"  ("workstation_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_exposure_item" ON "du_arduousness_exposure"  ("hierarchy_item_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_exposure_list" ON "du_arduousness_exposure"  ("tenant_id", "archived", "id") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE TABLE "du_arduousness_employee" ("exposure_id" integer NOT NULL, "employee_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_313dd25d1aa6752721704efbc08" PRIMARY KEY ("exposure_id", "employee_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_arduousness_employee_employee" ON "du_arduousness_employee"  ("employee_id") `);
    await queryRunner.query(`ALTER TABLE "du_arduousness_criterion" ADD CONSTRAINT "FK_55cf067a63d6d6415c822c1d115" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_constraint" ADD CONSTRAINT "FK_1ef5581405f1729e1c0cd144fbe" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_constraint" ADD CONSTRAINT "FK_7a6bd93439978d25850e8c35c7d" FOREIGN KEY ("criterion_id") REFERENCES "du_arduousness_criterion"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" ADD CONSTRAINT "FK_75d97746fa68f570bfba24ed531" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" ADD CONSTRAINT "FK_1262d842e735d18f4fcaa3d3dd5" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" ADD CONSTRAINT "FK_7e84f10adc0cc337b0886bb1c5c" FOREIGN KEY ("workstation_id") REFERENCES "du_workstation"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" ADD CONSTRAINT "FK_76d362bf82eaf933207859201c0" FOREIGN KEY ("criterion_id") REFERENCES "du_arduousness_criterion"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" ADD CONSTRAINT "FK_04eda16cf414d33faa051c74c06" FOREIGN KEY ("constraint_id") REFERENCES "du_arduousness_constraint"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_employee" ADD CONSTRAINT "FK_7286e9108b931f2180b4d073191" FOREIGN KEY ("exposure_id") REFERENCES "du_arduousness_exposure"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_employee" ADD CONSTRAINT "FK_9c1d9e8bd33d162e956152212c3" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_employee" ADD CONSTRAINT "FK_4cd7736c01eb08cbb36fbc2c535" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "du_arduousness_employee" DROP CONSTRAINT "FK_4cd7736c01eb08cbb36fbc2c535"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_employee" DROP CONSTRAINT "FK_9c1d9e8bd33d162e956152212c3"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_employee" DROP CONSTRAINT "FK_7286e9108b931f2180b4d073191"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" DROP CONSTRAINT "FK_04eda16cf414d33faa051c74c06"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" DROP CONSTRAINT "FK_76d362bf82eaf933207859201c0"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" DROP CONSTRAINT "FK_7e84f10adc0cc337b0886bb1c5c"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" DROP CONSTRAINT "FK_1262d842e735d18f4fcaa3d3dd5"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_exposure" DROP CONSTRAINT "FK_75d97746fa68f570bfba24ed531"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_constraint" DROP CONSTRAINT "FK_7a6bd93439978d25850e8c35c7d"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_constraint" DROP CONSTRAINT "FK_1ef5581405f1729e1c0cd144fbe"`);
    await queryRunner.query(`ALTER TABLE "du_arduousness_criterion" DROP CONSTRAINT "FK_55cf067a63d6d6415c822c1d115"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_employee_employee"`);
    await queryRunner.query(`DROP TABLE "du_arduousness_employee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_exposure_list"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_exposure_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_exposure_workstation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_exposure_criterion"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_exposure_constraint"`);
    await queryRunner.query(`DROP TABLE "du_arduousness_exposure"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_constraint_criterion"`);
    await queryRunner.query(`DROP TABLE "du_arduousness_constraint"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_arduousness_criterion_tenant"`);
    await queryRunner.query(`DROP TABLE "du_arduousness_criterion"`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" DROP CONSTRAINT "FK_6bbb4b5229471ad27ef39844789"`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" DROP CONSTRAINT "FK_92c7d7a4277e324f0cbe3279a27"`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" DROP CONSTRAINT "FK_2fa07b2d8dc7606063391589988"`);
    await queryRunner.query(`ALTER TABLE "du_chemical_product" DROP CONSTRAINT "FK_7c938b882bfbdd6fde2017be906"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_chemical_product_list"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_chemical_product_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_chemical_product_workstation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_chemical_product_sds"`);
    await queryRunner.query(`DROP TABLE "du_chemical_product"`);
  }
}
