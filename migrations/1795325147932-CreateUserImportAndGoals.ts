import type { MigrationInterface, QueryRunner } from 'typeorm';

/** CSV user imports (user_import, run as a job) and quarterly user goals QHP/REX/V2SE (user_goal). */
export class CreateUserImportAndGoals1795325147932 implements MigrationInterface {
  name = 'CreateUserImportAndGoals1795325147932';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_import" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "created_by" integer, "file_name" character varying(255) NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'pending', "total" integer NOT NULL DEFAULT '0', "done" integer NOT NULL DEFAULT '0', "created_count" integer NOT NULL DEFAULT '0', "errors" jsonb NOT NULL DEFAULT '[]', "rows" jsonb NOT NULL DEFAULT '[]', "send_mail" boolean NOT NULL DEFAULT false, "link_template" character varying(500) NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_user_import_status" CHECK ("status" IN ('pending', 'running', 'done', 'failed')), CONSTRAINT "PK_d37cabc598c3d0993a6db226da3" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_d075af835ae1dff792e3bd6bb4" ON "user_import"  ("tenant_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "user_goal" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "user_id" integer NOT NULL, "year" integer NOT NULL, "quarter" smallint NOT NULL, "kind" character varying(10) NOT NULL, "value" integer NOT NULL, CONSTRAINT "CHK_user_goal_value" CHECK ("value" >= 0), CONSTRAINT "CHK_user_goal_kind" CHECK ("kind" IN ('qhp', 'rex', 'v2se')), CONSTRAINT "CHK_user_goal_quarter" CHECK ("quarter" BETWEEN 1 AND 4), CONSTRAINT "PK_84360b0204dadb8fd1e6823f247" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_user_goal_cell" ON "user_goal"  ("tenant_id", "user_id", "year", "quarter", "kind") `);
    await queryRunner.query(`ALTER TABLE "user_import" ADD CONSTRAINT "FK_7f228ccc1286c34bef2a343c3b7" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_import" ADD CONSTRAINT "FK_4be7cee2322e9fbc58f2b8fcc9a" FOREIGN KEY ("created_by") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_goal" ADD CONSTRAINT "FK_33e0d3c0acd9acdd17cc1b68dd3" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_goal" ADD CONSTRAINT "FK_ea38dc7f5de41d193e25c4ebe3c" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_goal" DROP CONSTRAINT "FK_ea38dc7f5de41d193e25c4ebe3c"`);
    await queryRunner.query(`ALTER TABLE "user_goal" DROP CONSTRAINT "FK_33e0d3c0acd9acdd17cc1b68dd3"`);
    await queryRunner.query(`ALTER TABLE "user_import" DROP CONSTRAINT "FK_4be7cee2322e9fbc58f2b8fcc9a"`);
    await queryRunner.query(`ALTER TABLE "user_import" DROP CONSTRAINT "FK_7f228ccc1286c34bef2a343c3b7"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_user_goal_cell"`);
    await queryRunner.query(`DROP TABLE "user_goal"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d075af835ae1dff792e3bd6bb4"`);
    await queryRunner.query(`DROP TABLE "user_import"`);
  }
}
