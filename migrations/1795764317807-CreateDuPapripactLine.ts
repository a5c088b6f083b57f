import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The PAPRIPACT lines (issue 23 item 8): conditions, indicator and cost of an action for a year. Generated, then read by hand. */
export class CreateDuPapripactLine1795764317807 implements MigrationInterface {
  name = 'CreateDuPapripactLine1795764317807';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "du_papripact_line" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "action_id" integer NOT NULL, "year" integer NOT NULL, "conditions" text, "indicator" text, "cost" numeric(15,2), "version" integer NOT NULL DEFAULT '1', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21e17e73a079b93d75ae60f4598" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_papripact_line_action" ON "du_papripact_line"  ("action_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_du_papripact_line" ON "du_papripact_line"  ("tenant_id", "action_id", "year") `);
    await queryRunner.query(`ALTER TABLE "du_papripact_line" ADD CONSTRAINT "FK_5e0c90908b1b427c83470e0a58c" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "du_papripact_line" DROP CONSTRAINT "FK_5e0c90908b1b427c83470e0a58c"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_du_papripact_line"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_papripact_line_action"`);
    await queryRunner.query(`DROP TABLE "du_papripact_line"`);
  }
}
