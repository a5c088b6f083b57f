import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The questionnaire engine: questionnaires (surveys, custom event types), groups, questions, answers and the responses per subject (generated, then read by hand). */
export class CreateQuestionnaire1795334743946 implements MigrationInterface {
  name = 'CreateQuestionnaire1795334743946';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "questionnaire" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "owner_type" character varying(40) NOT NULL, "survey_type" character varying(40), "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_e8232a11eaabac903636eb7e71e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_c3696b644a5ac52b89586d3da8" ON "questionnaire"  ("tenant_id", "owner_type", "survey_type") `);
    await queryRunner.query(`CREATE TABLE "questionnaire_group" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "questionnaire_id" integer NOT NULL, "name" character varying(180) NOT NULL, "width" integer NOT NULL DEFAULT '12', "position" integer NOT NULL DEFAULT '0', "help_file_id" integer, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_questionnaire_group_width" CHECK ("width" BETWEEN 1 AND 12), CONSTRAINT "PK_3521f196dbdc7c38d41ee7e7028" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_be883c7733bff0e955e3a47487" ON "questionnaire_group"  ("questionnaire_id", "position") `);
    await queryRunner.query(`CREATE TABLE "questionnaire_question" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "group_id" integer NOT NULL, "label" character varying(500) NOT NULL, "position" integer NOT NULL DEFAULT '0', "answer_type" character varying(20) NOT NULL, "required" boolean NOT NULL DEFAULT false, "display_label" boolean NOT NULL DEFAULT true, "width" integer NOT NULL DEFAULT '12', "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_questionnaire_question_type" CHECK ("answer_type" IN ('long', 'short', 'multiple_select', 'unique_select', 'checkbox', 'radio', 'file', 'date', 'datetime', 'time', 'user', 'multi_user', 'signature')), CONSTRAINT "CHK_questionnaire_question_width" CHECK ("width" BETWEEN 1 AND 12), CONSTRAINT "PK_eae0e95bd5a0ba7fe0fc1e3470b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7b5fc7d7de3e4acf74173d546d" ON "questionnaire_question"  ("group_id", "position") `);
    await queryRunner.query(`CREATE TABLE "questionnaire_answer" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "question_id" integer NOT NULL, "label" character varying(255) NOT NULL, "points" numeric(8,2), "conforming" boolean, "color" character varying(20), "creates_action" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_fa82a5f14af78531ca8918aee61" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_3ae7aefda7937ad9303be60688" ON "questionnaire_answer"  ("question_id", "position") `);
    await queryRunner.query(`CREATE TABLE "questionnaire_response" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "questionnaire_id" integer NOT NULL, "subject_type" character varying(60) NOT NULL, "subject_id" integer NOT NULL, "question_id" integer NOT NULL, "value" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0ab4c2dfd517c5aa24e6e385523" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_6b8e1f4f3c6dda0684a9d6617d" ON "questionnaire_response"  ("tenant_id", "subject_type", "subject_id", "question_id") `);
    await queryRunner.query(`ALTER TABLE "questionnaire" ADD CONSTRAINT "FK_367d870737c450f36bddbe8caf0" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "questionnaire_group" ADD CONSTRAINT "FK_658c08f3b5cf8d8642e35a3a39b" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "questionnaire_group" ADD CONSTRAINT "FK_28f78d26f689b74659581b1bba8" FOREIGN KEY ("help_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "questionnaire_question" ADD CONSTRAINT "FK_4efbbfb86d53c8e333c6d64247b" FOREIGN KEY ("group_id") REFERENCES "questionnaire_group"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "questionnaire_answer" ADD CONSTRAINT "FK_bd30159c998e6afc4c8b2808601" FOREIGN KEY ("question_id") REFERENCES "questionnaire_question"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "questionnaire_response" ADD CONSTRAINT "FK_19d56ab4b70a0fdcdc1883951ed" FOREIGN KEY ("questionnaire_id") REFERENCES "questionnaire"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "questionnaire_response" ADD CONSTRAINT "FK_8a938eb40fffc490f5cbbf79f6b" FOREIGN KEY ("question_id") REFERENCES "questionnaire_question"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questionnaire_response" DROP CONSTRAINT "FK_8a938eb40fffc490f5cbbf79f6b"`);
    await queryRunner.query(`ALTER TABLE "questionnaire_response" DROP CONSTRAINT "FK_19d56ab4b70a0fdcdc1883951ed"`);
    await queryRunner.query(`ALTER TABLE "questionnaire_answer" DROP CONSTRAINT "FK_bd30159c998e6afc4c8b2808601"`);
    await queryRunner.query(`ALTER TABLE "questionnaire_question" DROP CONSTRAINT "FK_4efbbfb86d53c8e333c6d64247b"`);
    await queryRunner.query(`ALTER TABLE "questionnaire_group" DROP CONSTRAINT "FK_28f78d26f689b74659581b1bba8"`);
    await queryRunner.query(`ALTER TABLE "questionnaire_group" DROP CONSTRAINT "FK_658c08f3b5cf8d8642e35a3a39b"`);
    await queryRunner.query(`ALTER TABLE "questionnaire" DROP CONSTRAINT "FK_367d870737c450f36bddbe8caf0"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6b8e1f4f3c6dda0684a9d6617d"`);
    await queryRunner.query(`DROP TABLE "questionnaire_response"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3ae7aefda7937ad9303be60688"`);
    await queryRunner.query(`DROP TABLE "questionnaire_answer"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7b5fc7d7de3e4acf74173d546d"`);
    await queryRunner.query(`DROP TABLE "questionnaire_question"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_be883c7733bff0e955e3a47487"`);
    await queryRunner.query(`DROP TABLE "questionnaire_group"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c3696b644a5ac52b89586d3da8"`);
    await queryRunner.query(`DROP TABLE "questionnaire"`);
  }
}
