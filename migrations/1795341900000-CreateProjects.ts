import type { MigrationInterface, QueryRunner } from 'typeorm';

/** CreateProjects: projects, members, tasks and their dates history, scheduled tasks, documents, comments; calendar colours (generated, then read by hand). */
export class CreateProjects1795341900000 implements MigrationInterface {
  name = 'CreateProjects1795341900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "calendar_user_color" ("tenant_id" integer NOT NULL, "user_id" integer NOT NULL, "color" character varying(7) NOT NULL, CONSTRAINT "PK_0e75fd667fa2b3fdf5cb90624cf" PRIMARY KEY ("tenant_id", "user_id"))`);
    await queryRunner.query(`CREATE TABLE "project" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(255) NOT NULL, "description" text, "image_file_id" integer, "expected_start_date" date, "expected_end_date" date, "real_end_date" date, "state" character varying(20) NOT NULL DEFAULT 'unstarted', "service_id" integer, "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_project_dates" CHECK ("expected_end_date" IS NULL OR "expected_start_date" IS NULL OR "expected_end_date" >= "expected_start_date"), CONSTRAINT "CHK_project_state" CHECK ("state" IN ('unstarted', 'in_progress', 'completed', 'archived', 'late')), CONSTRAINT "PK_4d68b1358bb5b766d3e78f32f57" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_project_state" ON "project"  ("tenant_id", "state") `);
    await queryRunner.query(`CREATE TABLE "project_task" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "project_id" integer, "parent_id" integer, "label" character varying(255) NOT NULL, "description" text, "start_at" TIMESTAMP WITH TIME ZONE NOT NULL, "end_at" TIMESTAMP WITH TIME ZONE NOT NULL, "hour_estimation" numeric(7,2), "progress" integer NOT NULL DEFAULT '0', "state" character varying(20) NOT NULL DEFAULT 'todo', "assignee_id" integer, "is_milestone" boolean NOT NULL DEFAULT false, "is_initial_planning" boolean NOT NULL DEFAULT false, "initial_start_at" TIMESTAMP WITH TIME ZONE, "initial_end_at" TIMESTAMP WITH TIME ZONE, "done_at" TIMESTAMP WITH TIME ZONE, "done_comment" text, "scheduled_task_id" integer, "scheduled_for" date, "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_project_task_dates" CHECK ("end_at" >= "start_at"), CONSTRAINT "CHK_project_task_progress" CHECK ("progress" >= 0 AND "progress" <= 100), CONSTRAINT "CHK_project_task_state" CHECK ("state" IN ('todo', 'in_progress', 'done')), CONSTRAINT "PK_f8275249858f42bc01e47cb979d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_project_task_assignee" ON "project_task"  ("tenant_id", "assignee_id", "start_at") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_project_task_schedule_day" ON "project_task"  ("scheduled_task_id", "scheduled_for") WHERE "scheduled_task_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_project_task_project" ON "project_task"  ("tenant_id", "project_id") `);
    await queryRunner.query(`CREATE TABLE "project_document" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "project_id" integer NOT NULL, "task_id" integer, "label" character varying(255) NOT NULL, "file_id" integer, "url" character varying(2000), "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_project_document_content" CHECK ("file_id" IS NOT NULL OR "url" IS NOT NULL), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_e4aab0d22ce621e3dff35e57fa7" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_project_document_project" ON "project_document"  ("tenant_id", "project_id") `);
    await queryRunner.query(`CREATE TABLE "project_scheduled_task" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "project_id" integer NOT NULL, "label" character varying(255) NOT NULL, "description" text, "assignee_id" integer, "hour_estimation" numeric(7,2), "duration_days" integer NOT NULL DEFAULT '1', "every" integer NOT NULL DEFAULT '1', "unit" character varying(10) NOT NULL, "start_date" date NOT NULL, "end_date" date, "next_date" date, "version" integer NOT NULL DEFAULT '1', CONSTRAINT "CHK_project_scheduled_task_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date"), CONSTRAINT "CHK_project_scheduled_task_every" CHECK ("every" >= 1), CONSTRAINT "CHK_project_scheduled_task_unit" CHECK ("unit" IN ('day', 'week', 'month')), CONSTRAINT "PK_c08d9363b602ec092e73c001b75" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_project_scheduled_task_next" ON "project_scheduled_task"  ("next_date") `);
    await queryRunner.query(`CREATE TABLE "project_comment" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "project_id" integer NOT NULL, "user_id" integer, "text" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_c2b88e7d1046da2d5c06a50da12" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_project_comment_project" ON "project_comment"  ("tenant_id", "project_id") `);
    await queryRunner.query(`CREATE TABLE "project_task_date_change" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "task_id" integer NOT NULL, "old_start_at" TIMESTAMP WITH TIME ZONE NOT NULL, "old_end_at" TIMESTAMP WITH TIME ZONE NOT NULL, "new_start_at" TIMESTAMP WITH TIME ZONE NOT NULL, "new_end_at" TIMESTAMP WITH TIME ZONE NOT NULL, "user_id" integer, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3d95c179142138671cb08b783d4" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_project_task_date_change_task" ON "project_task_date_change"  ("tenant_id", "task_id") `);
    await queryRunner.query(`CREATE TABLE "project_member" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "project_id" integer NOT NULL, "user_id" integer NOT NULL, "is_project_manager" boolean NOT NULL DEFAULT false, "manages_project" boolean NOT NULL DEFAULT false, "function" character varying(255), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_64dba8e9dcf96ce383cfd19d6fb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_project_member" ON "project_member"  ("project_id", "user_id") `);
    await queryRunner.query(`ALTER TABLE "calendar_user_color" ADD CONSTRAINT "FK_451b10521d2f10e34926621cd53" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "calendar_user_color" ADD CONSTRAINT "FK_2ace73333c0c9bc8de7db7a4b1f" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project" ADD CONSTRAINT "FK_7f7b75f9324d8855b824d6d22a4" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project" ADD CONSTRAINT "FK_a3f0d04ca5cc5822acf512c019a" FOREIGN KEY ("image_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project" ADD CONSTRAINT "FK_a09aa878f610f8a2ee2b5071229" FOREIGN KEY ("service_id") REFERENCES "service"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project" ADD CONSTRAINT "FK_e155d8f98ec858daa457d6ff291" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task" ADD CONSTRAINT "FK_97c646702d9f38502680ded55a4" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task" ADD CONSTRAINT "FK_70c41bad8c4b2510f958f6b9f47" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task" ADD CONSTRAINT "FK_5aba4bd351ea32d319e0df90a3a" FOREIGN KEY ("parent_id") REFERENCES "project_task"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task" ADD CONSTRAINT "FK_50eb600db1d853ba149bcc25be4" FOREIGN KEY ("assignee_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_document" ADD CONSTRAINT "FK_145743bc42a2dd440e136d25ca3" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_document" ADD CONSTRAINT "FK_1f28dd14d683a26b6f1ad62584e" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_document" ADD CONSTRAINT "FK_0b95e160dc8f306863730886e39" FOREIGN KEY ("task_id") REFERENCES "project_task"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_document" ADD CONSTRAINT "FK_1a6c0958ac50e1504742e0ec770" FOREIGN KEY ("file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_document" ADD CONSTRAINT "FK_397c20d43cfeaa6414cdf0c65ec" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_scheduled_task" ADD CONSTRAINT "FK_0e9eca3676cc4650c0969e39854" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_scheduled_task" ADD CONSTRAINT "FK_2674a17aea48d66326689e597ba" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_scheduled_task" ADD CONSTRAINT "FK_56bc9b08c2d3752f0decbec35f4" FOREIGN KEY ("assignee_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_comment" ADD CONSTRAINT "FK_059d51b2789af9a691c0a85b9c5" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_comment" ADD CONSTRAINT "FK_b034619f648f1a27040ccb2a968" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_comment" ADD CONSTRAINT "FK_00e54547f53fe5a9cba68e47371" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task_date_change" ADD CONSTRAINT "FK_e90ab881389b4d4e8c1b3bc837d" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task_date_change" ADD CONSTRAINT "FK_611be67cfca2380a2b114a695f3" FOREIGN KEY ("task_id") REFERENCES "project_task"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_task_date_change" ADD CONSTRAINT "FK_b59a4b24aceabaaead15bca6067" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_member" ADD CONSTRAINT "FK_89f4c71d37b011b7e1a72cdc910" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_member" ADD CONSTRAINT "FK_aaef76230abfcdf30adb15d0be8" FOREIGN KEY ("project_id") REFERENCES "project"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "project_member" ADD CONSTRAINT "FK_c5aa3e0aec43d3459e159d21dd3" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "project_member" DROP CONSTRAINT "FK_c5aa3e0aec43d3459e159d21dd3"`);
    await queryRunner.query(`ALTER TABLE "project_member" DROP CONSTRAINT "FK_aaef76230abfcdf30adb15d0be8"`);
    await queryRunner.query(`ALTER TABLE "project_member" DROP CONSTRAINT "FK_89f4c71d37b011b7e1a72cdc910"`);
    await queryRunner.query(`ALTER TABLE "project_task_date_change" DROP CONSTRAINT "FK_b59a4b24aceabaaead15bca6067"`);
    await queryRunner.query(`ALTER TABLE "project_task_date_change" DROP CONSTRAINT "FK_611be67cfca2380a2b114a695f3"`);
    await queryRunner.query(`ALTER TABLE "project_task_date_change" DROP CONSTRAINT "FK_e90ab881389b4d4e8c1b3bc837d"`);
    await queryRunner.query(`ALTER TABLE "project_comment" DROP CONSTRAINT "FK_00e54547f53fe5a9cba68e47371"`);
    await queryRunner.query(`ALTER TABLE "project_comment" DROP CONSTRAINT "FK_b034619f648f1a27040ccb2a968"`);
    await queryRunner.query(`ALTER TABLE "project_comment" DROP CONSTRAINT "FK_059d51b2789af9a691c0a85b9c5"`);
    await queryRunner.query(`ALTER TABLE "project_scheduled_task" DROP CONSTRAINT "FK_56bc9b08c2d3752f0decbec35f4"`);
    await queryRunner.query(`ALTER TABLE "project_scheduled_task" DROP CONSTRAINT "FK_2674a17aea48d66326689e597ba"`);
    await queryRunner.query(`ALTER TABLE "project_scheduled_task" DROP CONSTRAINT "FK_0e9eca3676cc4650c0969e39854"`);
    await queryRunner.query(`ALTER TABLE "project_document" DROP CONSTRAINT "FK_397c20d43cfeaa6414cdf0c65ec"`);
    await queryRunner.query(`ALTER TABLE "project_document" DROP CONSTRAINT "FK_1a6c0958ac50e1504742e0ec770"`);
    await queryRunner.query(`ALTER TABLE "project_document" DROP CONSTRAINT "FK_0b95e160dc8f306863730886e39"`);
    await queryRunner.query(`ALTER TABLE "project_document" DROP CONSTRAINT "FK_1f28dd14d683a26b6f1ad62584e"`);
    await queryRunner.query(`ALTER TABLE "project_document" DROP CONSTRAINT "FK_145743bc42a2dd440e136d25ca3"`);
    await queryRunner.query(`ALTER TABLE "project_task" DROP CONSTRAINT "FK_50eb600db1d853ba149bcc25be4"`);
    await queryRunner.query(`ALTER TABLE "project_task" DROP CONSTRAINT "FK_5aba4bd351ea32d319e0df90a3a"`);
    await queryRunner.query(`ALTER TABLE "project_task" DROP CONSTRAINT "FK_70c41bad8c4b2510f958f6b9f47"`);
    await queryRunner.query(`ALTER TABLE "project_task" DROP CONSTRAINT "FK_97c646702d9f38502680ded55a4"`);
    await queryRunner.query(`ALTER TABLE "project" DROP CONSTRAINT "FK_e155d8f98ec858daa457d6ff291"`);
    await queryRunner.query(`ALTER TABLE "project" DROP CONSTRAINT "FK_a09aa878f610f8a2ee2b5071229"`);
    await queryRunner.query(`ALTER TABLE "project" DROP CONSTRAINT "FK_a3f0d04ca5cc5822acf512c019a"`);
    await queryRunner.query(`ALTER TABLE "project" DROP CONSTRAINT "FK_7f7b75f9324d8855b824d6d22a4"`);
    await queryRunner.query(`ALTER TABLE "calendar_user_color" DROP CONSTRAINT "FK_2ace73333c0c9bc8de7db7a4b1f"`);
    await queryRunner.query(`ALTER TABLE "calendar_user_color" DROP CONSTRAINT "FK_451b10521d2f10e34926621cd53"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_project_member"`);
    await queryRunner.query(`DROP TABLE "project_member"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_task_date_change_task"`);
    await queryRunner.query(`DROP TABLE "project_task_date_change"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_comment_project"`);
    await queryRunner.query(`DROP TABLE "project_comment"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_scheduled_task_next"`);
    await queryRunner.query(`DROP TABLE "project_scheduled_task"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_document_project"`);
    await queryRunner.query(`DROP TABLE "project_document"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_task_project"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_project_task_schedule_day"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_task_assignee"`);
    await queryRunner.query(`DROP TABLE "project_task"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_project_state"`);
    await queryRunner.query(`DROP TABLE "project"`);
    await queryRunner.query(`DROP TABLE "calendar_user_color"`);
  }
}
