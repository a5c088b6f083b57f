import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Global parameters per company, and the shared trash of soft-deleted records. */
export class CreateSettingsAndTrash1795323029098 implements MigrationInterface {
  name = 'CreateSettingsAndTrash1795323029098';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "setting" ("tenant_id" integer NOT NULL, "code" character varying(60) NOT NULL, "value" text NOT NULL, CONSTRAINT "PK_bb521bad5002c37687e9d481056" PRIMARY KEY ("tenant_id", "code"))`);
    await queryRunner.query(`CREATE TABLE "trash_item" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "subject_table" character varying(63) NOT NULL, "subject_id" integer NOT NULL, "type_key" character varying(120) NOT NULL, "title" character varying(255) NOT NULL, "deleted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "deleted_by" integer, CONSTRAINT "PK_cb0a3b43e88e26102f80c1cb7b8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_9ff62ea756548e02a8cc51f053" ON "trash_item"  ("subject_table", "subject_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_04bb109a5b4d8bbb5aa3bcde27" ON "trash_item"  ("tenant_id", "deleted_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_04bb109a5b4d8bbb5aa3bcde27"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9ff62ea756548e02a8cc51f053"`);
    await queryRunner.query(`DROP TABLE "trash_item"`);
    await queryRunner.query(`DROP TABLE "setting"`);
  }
}
