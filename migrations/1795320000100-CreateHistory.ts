import type { MigrationInterface, QueryRunner } from 'typeorm';

/** History of records: one row per workflow transition or tracked action. */
export class CreateHistory1795320000100 implements MigrationInterface {
  name = 'CreateHistory1795320000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "history_entry" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "subject_type" character varying(60) NOT NULL, "subject_id" integer NOT NULL, "workflow" character varying(60), "transition" character varying(60) NOT NULL, "from_state" character varying(60), "to_state" character varying(60), "comment" text, "signature" jsonb, "user_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b65bd95b0d2929668589d57b97a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_493efc8084c2eda349113165c4" ON "history_entry"  ("tenant_id", "subject_type", "subject_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "history_entry" ADD CONSTRAINT "FK_08b92da995f08b05568d67753b6" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "history_entry" ADD CONSTRAINT "FK_9af88b557f4f8d7780034b6dbfc" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "history_entry" DROP CONSTRAINT "FK_9af88b557f4f8d7780034b6dbfc"`);
    await queryRunner.query(`ALTER TABLE "history_entry" DROP CONSTRAINT "FK_08b92da995f08b05568d67753b6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_493efc8084c2eda349113165c4"`);
    await queryRunner.query(`DROP TABLE "history_entry"`);
  }
}
