import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unique risk document (issue 23, items 1, 2 and the list of 4): its rating scales (gravity,
 * probability, risk control), priority levels, danger families and risks, workstations, and the
 * risk evaluations with their associated risks (generated, then read by hand).
 */
export class CreateRiskEvaluation1795760450300 implements MigrationInterface {
  name = 'CreateRiskEvaluation1795760450300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "du_danger_family" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(180) NOT NULL, "description" character varying(255), "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7a08159ac16a8c9eb34a17a36a3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_danger_family_tenant" ON "du_danger_family"  ("tenant_id") `);
    await queryRunner.query(`CREATE TABLE "du_priority_level" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(120) NOT NULL, "min_value" integer NOT NULL, "max_value" integer, "color" character varying(7) NOT NULL, "description" character varying(255), "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_du_priority_level_range" CHECK ("max_value" IS NULL OR "max_value" >= "min_value"), CONSTRAINT "PK_61af7d5fac2f7f396b47f42b005" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_priority_level_tenant_min" ON "du_priority_level"  ("tenant_id", "min_value") `);
    await queryRunner.query(`CREATE TABLE "du_risk" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(180) NOT NULL, "danger_family_id" integer NOT NULL, "injuries" text NOT NULL DEFAULT '', "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3538bfe3889a49045b2db87595d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_risk_family" ON "du_risk"  ("danger_family_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_risk_tenant_family" ON "du_risk"  ("tenant_id", "danger_family_id") `);
    await queryRunner.query(`CREATE TABLE "du_scale_value" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "label" character varying(120) NOT NULL, "valuation" integer NOT NULL, "color" character varying(7) NOT NULL, "description" character varying(255), "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_du_scale_value_valuation" CHECK ("valuation" >= 0), CONSTRAINT "CHK_du_scale_value_kind" CHECK ("kind" IN ('gravity', 'probability', 'control')), CONSTRAINT "PK_9714267bd8e0e3913f662c7653d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_scale_value_tenant_kind" ON "du_scale_value"  ("tenant_id", "kind") `);
    await queryRunner.query(`CREATE TABLE "du_seed" ("tenant_id" integer NOT NULL, "list" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_307c0bd04806d872986e50d5ecc" PRIMARY KEY ("tenant_id", "list"))`);
    await queryRunner.query(`CREATE TABLE "du_workstation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "hierarchy_item_id" integer, "work_unit_id" integer, "description" text, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_183e5b24193ff8ff5ed4695398d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_workstation_work_unit" ON "du_workstation"  ("work_unit_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_workstation_item" ON "du_workstation"  ("hierarchy_item_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_du_workstation_tenant" ON "du_workstation"  ("tenant_id") `);
    await queryRunner.query(`CREATE TABLE "risk_evaluation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "hierarchy_item_id" integer NOT NULL, "work_unit_id" integer NOT NULL, "workstation_id" integer, "danger_family_id" integer NOT NULL, "dangerous_situation" text NOT NULL, "gravity_id" integer NOT NULL, "probability_id" integer NOT NULL, "gross_risk" integer NOT NULL, "organisational_measures" text, "technical_measures" text, "control_id" integer NOT NULL, "priority_risk" integer NOT NULL, "priority_level_id" integer, "residual_level_id" integer, "frequency" character varying(120), "exposure_modalities" text, "supervisor_id" integer, "archived" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fb47e631976b607f7a5335ef095" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_residual" ON "risk_evaluation"  ("residual_level_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_level" ON "risk_evaluation"  ("priority_level_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_control" ON "risk_evaluation"  ("control_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_probability" ON "risk_evaluation"  ("probability_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_gravity" ON "risk_evaluation"  ("gravity_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_family" ON "risk_evaluation"  ("danger_family_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_workstation" ON "risk_evaluation"  ("workstation_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_work_unit" ON "risk_evaluation"  ("work_unit_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_item" ON "risk_evaluation"  ("tenant_id", "hierarchy_item_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_list" ON "risk_evaluation"  ("tenant_id", "archived", "priority_risk", "id") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE TABLE "risk_evaluation_risk" ("evaluation_id" integer NOT NULL, "risk_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_a759548d1c78caa25e20d3f06db" PRIMARY KEY ("evaluation_id", "risk_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_risk_evaluation_risk_risk" ON "risk_evaluation_risk"  ("risk_id") `);
    await queryRunner.query(`ALTER TABLE "du_danger_family" ADD CONSTRAINT "FK_f0ad632122c67910c0ec65bed6e" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_priority_level" ADD CONSTRAINT "FK_4750556a05387091d777ff1a9ac" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_risk" ADD CONSTRAINT "FK_f6fe8090c4de57f4e18a85122a1" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_risk" ADD CONSTRAINT "FK_6405798446d308977b6c135551c" FOREIGN KEY ("danger_family_id") REFERENCES "du_danger_family"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_scale_value" ADD CONSTRAINT "FK_b9549ff1eacbc72f11cfb74234b" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_seed" ADD CONSTRAINT "FK_2f151a8b183bac5d3a6f4b8a342" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_workstation" ADD CONSTRAINT "FK_14811a055c4af954968967c87a1" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_workstation" ADD CONSTRAINT "FK_487cc17dbad33685ed2c83555c9" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_workstation" ADD CONSTRAINT "FK_9421285ce7bc45699acff300fe3" FOREIGN KEY ("work_unit_id") REFERENCES "work_unit"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_88b1845800d0326e4f974cbf031" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_50a0c93aa01989523bc77e4fa78" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_ec6dec3ae436a0fe59f6d50c67e" FOREIGN KEY ("work_unit_id") REFERENCES "work_unit"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_49484fddde8beb3908164faf9e0" FOREIGN KEY ("workstation_id") REFERENCES "du_workstation"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_db5c3cbe36f7fa9c2081bbf88b3" FOREIGN KEY ("danger_family_id") REFERENCES "du_danger_family"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_2184cfa255ef3cbdca273717423" FOREIGN KEY ("gravity_id") REFERENCES "du_scale_value"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_6b0cdcb2aca70b81a9505891737" FOREIGN KEY ("probability_id") REFERENCES "du_scale_value"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_36943975cfdba5b69c90a4460e2" FOREIGN KEY ("control_id") REFERENCES "du_scale_value"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_eada45952d35f641b884cfac4e9" FOREIGN KEY ("priority_level_id") REFERENCES "du_priority_level"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_3ca91a45cd0d67bb73a25e0c9cb" FOREIGN KEY ("residual_level_id") REFERENCES "du_priority_level"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" ADD CONSTRAINT "FK_2ff25379babff012173c6a8e7df" FOREIGN KEY ("supervisor_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation_risk" ADD CONSTRAINT "FK_c59ced4a5b603c32e1ab049d1b6" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation_risk" ADD CONSTRAINT "FK_1656d3ab1d74e567c7ec998f66a" FOREIGN KEY ("evaluation_id") REFERENCES "risk_evaluation"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation_risk" ADD CONSTRAINT "FK_9e239649691d2707f2f5cb92b08" FOREIGN KEY ("risk_id") REFERENCES "du_risk"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "risk_evaluation_risk" DROP CONSTRAINT "FK_9e239649691d2707f2f5cb92b08"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation_risk" DROP CONSTRAINT "FK_1656d3ab1d74e567c7ec998f66a"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation_risk" DROP CONSTRAINT "FK_c59ced4a5b603c32e1ab049d1b6"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_2ff25379babff012173c6a8e7df"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_3ca91a45cd0d67bb73a25e0c9cb"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_eada45952d35f641b884cfac4e9"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_36943975cfdba5b69c90a4460e2"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_6b0cdcb2aca70b81a9505891737"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_2184cfa255ef3cbdca273717423"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_db5c3cbe36f7fa9c2081bbf88b3"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_49484fddde8beb3908164faf9e0"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_ec6dec3ae436a0fe59f6d50c67e"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_50a0c93aa01989523bc77e4fa78"`);
    await queryRunner.query(`ALTER TABLE "risk_evaluation" DROP CONSTRAINT "FK_88b1845800d0326e4f974cbf031"`);
    await queryRunner.query(`ALTER TABLE "du_workstation" DROP CONSTRAINT "FK_9421285ce7bc45699acff300fe3"`);
    await queryRunner.query(`ALTER TABLE "du_workstation" DROP CONSTRAINT "FK_487cc17dbad33685ed2c83555c9"`);
    await queryRunner.query(`ALTER TABLE "du_workstation" DROP CONSTRAINT "FK_14811a055c4af954968967c87a1"`);
    await queryRunner.query(`ALTER TABLE "du_seed" DROP CONSTRAINT "FK_2f151a8b183bac5d3a6f4b8a342"`);
    await queryRunner.query(`ALTER TABLE "du_scale_value" DROP CONSTRAINT "FK_b9549ff1eacbc72f11cfb74234b"`);
    await queryRunner.query(`ALTER TABLE "du_risk" DROP CONSTRAINT "FK_6405798446d308977b6c135551c"`);
    await queryRunner.query(`ALTER TABLE "du_risk" DROP CONSTRAINT "FK_f6fe8090c4de57f4e18a85122a1"`);
    await queryRunner.query(`ALTER TABLE "du_priority_level" DROP CONSTRAINT "FK_4750556a05387091d777ff1a9ac"`);
    await queryRunner.query(`ALTER TABLE "du_danger_family" DROP CONSTRAINT "FK_f0ad632122c67910c0ec65bed6e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_risk_risk"`);
    await queryRunner.query(`DROP TABLE "risk_evaluation_risk"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_list"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_work_unit"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_workstation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_family"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_gravity"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_probability"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_control"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_level"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_risk_evaluation_residual"`);
    await queryRunner.query(`DROP TABLE "risk_evaluation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_workstation_tenant"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_workstation_item"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_workstation_work_unit"`);
    await queryRunner.query(`DROP TABLE "du_workstation"`);
    await queryRunner.query(`DROP TABLE "du_seed"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_scale_value_tenant_kind"`);
    await queryRunner.query(`DROP TABLE "du_scale_value"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_risk_tenant_family"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_risk_family"`);
    await queryRunner.query(`DROP TABLE "du_risk"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_priority_level_tenant_min"`);
    await queryRunner.query(`DROP TABLE "du_priority_level"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_danger_family_tenant"`);
    await queryRunner.query(`DROP TABLE "du_danger_family"`);
  }
}
