import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The action plan: actions (workflow, scope, source, follow-up link, attachments) and their progress comments. */
export class CreateActionPlan1795334904008 implements MigrationInterface {
  name = 'CreateActionPlan1795334904008';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "action" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'DRAFT', "comments" text NOT NULL, "complement" text, "immediate" boolean NOT NULL DEFAULT false, "level" character varying(10) NOT NULL DEFAULT 'normal', "creator_id" integer NOT NULL, "assignee_id" integer, "deadline" date, "resolution_explanation" text, "efficiency_synthesis_id" integer, "closure_date" date, "abandon_explanation" text, "attachment_file1_id" integer, "attachment_file2_id" integer, "close_file_id" integer, "abandon_file_id" integer, "source_type" character varying(40), "source_id" integer, "hierarchy_item_id" integer, "service_id" integer, "parent_action_id" integer, "archived" boolean NOT NULL DEFAULT false, "reminders_sent" character varying(60) array NOT NULL DEFAULT '{}', "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2d9db9cf5edfbbae74eb56e3a39" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_source" ON "action"  ("tenant_id", "source_type", "source_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_creator" ON "action"  ("tenant_id", "creator_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_deadline" ON "action"  ("tenant_id", "deadline") `);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_assignee" ON "action"  ("tenant_id", "assignee_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_status" ON "action"  ("tenant_id", "status") `);
    await queryRunner.query(`CREATE TABLE "action_progress_comment" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "action_id" integer NOT NULL, "author_id" integer, "body" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_fdbd882c307a3f3dd019a3599ad" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_6a46bd0c52aea89f2da7cb6169" ON "action_progress_comment"  ("tenant_id", "action_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_a49fc6025ef52a40ad606029f9c" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_5800a710196f85f065e70c41adf" FOREIGN KEY ("creator_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_75da6f130f33cb3b0ab08b1d5b5" FOREIGN KEY ("assignee_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_c70e0e53c99c5d910b30ffa892f" FOREIGN KEY ("attachment_file1_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_f6d096dfbd25492be1cda32131c" FOREIGN KEY ("attachment_file2_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_cc8bd16e9638e32edf62a81bf90" FOREIGN KEY ("close_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_31cb73aa9126f61b527506c82c8" FOREIGN KEY ("abandon_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_721618a7ba91defd8ea177938ae" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_0614f35b13efe4dc436c93a034a" FOREIGN KEY ("service_id") REFERENCES "service"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action" ADD CONSTRAINT "FK_10dbf9f451f4bf077d7428f6996" FOREIGN KEY ("parent_action_id") REFERENCES "action"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action_progress_comment" ADD CONSTRAINT "FK_afebdde72d78bf602f86ad16add" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action_progress_comment" ADD CONSTRAINT "FK_7d78c27af251e68af8c504f00d0" FOREIGN KEY ("action_id") REFERENCES "action"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "action_progress_comment" ADD CONSTRAINT "FK_d83ce7a0ff4b0277e68a1a8ea6d" FOREIGN KEY ("author_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "action_progress_comment" DROP CONSTRAINT "FK_d83ce7a0ff4b0277e68a1a8ea6d"`);
    await queryRunner.query(`ALTER TABLE "action_progress_comment" DROP CONSTRAINT "FK_7d78c27af251e68af8c504f00d0"`);
    await queryRunner.query(`ALTER TABLE "action_progress_comment" DROP CONSTRAINT "FK_afebdde72d78bf602f86ad16add"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_10dbf9f451f4bf077d7428f6996"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_0614f35b13efe4dc436c93a034a"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_721618a7ba91defd8ea177938ae"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_31cb73aa9126f61b527506c82c8"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_cc8bd16e9638e32edf62a81bf90"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_f6d096dfbd25492be1cda32131c"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_c70e0e53c99c5d910b30ffa892f"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_75da6f130f33cb3b0ab08b1d5b5"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_5800a710196f85f065e70c41adf"`);
    await queryRunner.query(`ALTER TABLE "action" DROP CONSTRAINT "FK_a49fc6025ef52a40ad606029f9c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6a46bd0c52aea89f2da7cb6169"`);
    await queryRunner.query(`DROP TABLE "action_progress_comment"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_assignee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_deadline"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_creator"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_source"`);
    await queryRunner.query(`DROP TABLE "action"`);
  }
}
